import { type AuthorizationCodeRecord, type RefreshTokenRecord, type TokenGrant } from '../../../domain/oauth/TokenGrant';

/** A single-use artifact as its consumer found it: `firstUse` false means it had been used before (a replay). */
export interface Consumed<T> {
  readonly record: T;
  readonly firstUse: boolean;
}

/**
 * Token families and their single-use artifacts (docs/decisions.md, "OAuth server"). Consuming
 * is one conditional statement, so of two concurrent uses exactly one is the first.
 */
export interface TokenGrants {
  createGrant(grant: TokenGrant): Promise<void>;
  findGrant(id: string): Promise<TokenGrant | null>;
  /** Revokes the family: its refresh tokens stop working, its access tokens at their next request. */
  revokeGrant(id: string, at: Date): Promise<void>;
  /** Revokes every live family a person granted for a workspace (they left it). */
  revokeGrantsOf(userId: string, workspaceId: string, at: Date): Promise<void>;

  saveCode(code: AuthorizationCodeRecord): Promise<void>;
  consumeCode(codeHash: string, at: Date): Promise<Consumed<AuthorizationCodeRecord> | null>;

  saveRefreshToken(token: RefreshTokenRecord): Promise<void>;
  findRefreshToken(tokenHash: string): Promise<RefreshTokenRecord | null>;
  consumeRefreshToken(tokenHash: string, at: Date): Promise<Consumed<RefreshTokenRecord> | null>;

  /** Removes what ended before `before`: codes, refresh tokens, and families with nothing left. */
  sweep(before: Date): Promise<number>;
}
