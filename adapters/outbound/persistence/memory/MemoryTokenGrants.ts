import { conflict } from '../../../../domain/shared/DomainError';
import { type Consumed, type TokenGrants } from '../../../../application/ports/oauth/TokenGrants';
import { type AuthorizationCodeRecord, type RefreshTokenRecord, type TokenGrant } from '../../../../domain/oauth/TokenGrant';
import { type ClientHoldings } from './MemoryOAuthClients';
import { copyOf } from './ordering';

type Token = { kind: 'code'; record: AuthorizationCodeRecord } | { kind: 'refresh'; record: RefreshTokenRecord };

/** Token families, codes and refresh tokens in this process's memory: for the unit tests. */
export class MemoryTokenGrants implements TokenGrants, ClientHoldings {
  private readonly grants = new Map<string, TokenGrant>();
  private readonly tokens = new Map<string, Token>();

  async createGrant(grant: TokenGrant): Promise<void> {
    // As the table's primary key: a family made twice (a code's replay racing its first use) is refused.
    if (this.grants.has(grant.id)) throw conflict('grant_exists', `a token family ${grant.id} already exists`);
    this.grants.set(grant.id, copyOf(grant));
  }

  async findGrant(id: string): Promise<TokenGrant | null> {
    const grant = this.grants.get(id);
    return grant === undefined ? null : copyOf(grant);
  }

  async revokeGrant(id: string, at: Date): Promise<void> {
    const grant = this.grants.get(id);
    if (grant !== undefined && grant.revokedAt === null) this.grants.set(id, { ...grant, revokedAt: at });
  }

  async revokeGrantsOf(userId: string, workspaceId: string, at: Date): Promise<void> {
    for (const grant of this.grants.values()) {
      if (grant.userId === userId && grant.workspaceId === workspaceId) await this.revokeGrant(grant.id, at);
    }
  }

  async saveCode(code: AuthorizationCodeRecord): Promise<void> {
    this.tokens.set(code.codeHash, { kind: 'code', record: copyOf(code) });
  }

  async consumeCode(codeHash: string, at: Date): Promise<Consumed<AuthorizationCodeRecord> | null> {
    return this.consume(codeHash, 'code', at) as Consumed<AuthorizationCodeRecord> | null;
  }

  async saveRefreshToken(token: RefreshTokenRecord): Promise<void> {
    this.tokens.set(token.tokenHash, { kind: 'refresh', record: copyOf(token) });
  }

  async findRefreshToken(tokenHash: string): Promise<RefreshTokenRecord | null> {
    const token = this.tokens.get(tokenHash);
    return token?.kind === 'refresh' ? copyOf(token.record) : null;
  }

  async consumeRefreshToken(tokenHash: string, at: Date): Promise<Consumed<RefreshTokenRecord> | null> {
    return this.consume(tokenHash, 'refresh', at) as Consumed<RefreshTokenRecord> | null;
  }

  async sweep(before: Date): Promise<number> {
    let removed = 0;
    for (const [hash, token] of this.tokens) {
      if (token.record.expiresAt < before && this.tokens.delete(hash)) removed++;
    }
    const held = new Set([...this.tokens.values()].map((t) => t.record.grantId));
    for (const [id, grant] of this.grants) {
      const ended = grant.expiresAt < before || (grant.revokedAt !== null && grant.revokedAt < before);
      if (ended && !held.has(id) && this.grants.delete(id)) removed++;
    }
    return removed;
  }

  forgetClient(clientId: string): void {
    for (const [id, grant] of this.grants) if (grant.clientId === clientId) this.grants.delete(id);
    for (const [hash, token] of this.tokens) if (token.record.clientId === clientId) this.tokens.delete(hash);
  }

  /** No await between the check and the mark: of two concurrent calls exactly one is first. */
  private consume(hash: string, kind: Token['kind'], at: Date): Consumed<Token['record']> | null {
    const token = this.tokens.get(hash);
    if (token === undefined || token.kind !== kind) return null;
    const firstUse = token.record.consumedAt === null;
    if (firstUse) token.record = { ...token.record, consumedAt: at };
    return { record: copyOf(token.record), firstUse };
  }
}
