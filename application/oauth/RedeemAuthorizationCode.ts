import { type OAuthClient } from '../../domain/oauth/OAuthClient';
import { oauthError } from '../../domain/oauth/oauthError';
import { type AuthorizationCodeRecord } from '../../domain/oauth/TokenGrant';
import { type Clock } from '../ports/Clock';
import { type TokenGrants } from '../ports/oauth/TokenGrants';
import { type PkceChallenges } from '../ports/PkceChallenges';
import { type SecretHasher } from '../ports/SecretHasher';
import { checkResource } from './checkResource';
import { type LiveScopes } from './LiveScopes';
import { type OAuthSettings, secondsFrom } from './OAuthSettings';
import { type TokenAnswer, type TokenIssuer } from './TokenIssuer';

export interface CodeExchange {
  readonly code?: string;
  readonly redirectUri?: string;
  readonly codeVerifier?: string;
  readonly resource?: string;
}

/** One description for every bad code: the details go to the log, not to whoever holds a stolen code. */
const INVALID = 'the authorization code is not valid';

/**
 * grant_type=authorization_code with PKCE (RFC 6749 §4.1.3, RFC 7636 §4.6). The code is consumed
 * first, by one conditional statement; a second use revokes every token issued from it.
 */
export class RedeemAuthorizationCode {
  constructor(
    private readonly grants: TokenGrants,
    private readonly issuer: TokenIssuer,
    private readonly liveScopes: LiveScopes,
    private readonly pkce: PkceChallenges,
    private readonly hasher: SecretHasher,
    private readonly clock: Clock,
    private readonly settings: OAuthSettings,
  ) {}

  async execute(client: OAuthClient, input: CodeExchange): Promise<TokenAnswer> {
    client.assertGrant('authorization_code');
    if (!input.code) throw oauthError('invalid_request', 'code is required');
    if (!input.codeVerifier) throw oauthError('invalid_request', 'code_verifier is required (PKCE)');
    if (!input.redirectUri) throw oauthError('invalid_request', 'redirect_uri is required');
    // Named again, it must be the code's (checked below with the rest); unnamed, the token is for the code's resource.
    const named = input.resource === undefined || input.resource === '' ? null : checkResource(input.resource, this.settings);
    const now = this.clock.now();
    const consumed = await this.grants.consumeCode(this.hasher.hashToken(input.code), now);
    if (consumed === null) throw oauthError('invalid_grant', INVALID);
    const { record, firstUse } = consumed;
    if (!firstUse) {
      await this.revokeFamily(record, now);
      throw oauthError('invalid_grant', INVALID);
    }
    const bound =
      now < record.expiresAt &&
      record.clientId === client.clientId &&
      record.redirectUri === input.redirectUri &&
      (named === null || record.resource === named) &&
      this.pkce.verifies(input.codeVerifier, record.codeChallenge);
    if (!bound) throw oauthError('invalid_grant', INVALID);
    const grant = {
      id: record.grantId,
      clientId: client.clientId,
      userId: record.userId,
      workspaceId: record.workspaceId,
      scopes: record.scopes,
      resource: record.resource,
      createdAt: now,
      expiresAt: secondsFrom(now, this.settings.grantLifetimeSeconds),
      revokedAt: null,
    };
    // A concurrent replay may have put the family in place already, revoked: the tokens below are then dead on arrival.
    await this.grants.createGrant(grant).catch(async (error: unknown) => {
      if ((await this.grants.findGrant(grant.id)) === null) throw error;
    });
    return this.issuer.issue(grant, client, await this.liveScopes.of(grant));
  }

  /**
   * A replay revokes the family, even when the first use has not created it yet (two redemptions
   * racing): a revoked family is put in its place first, so the first use's insert finds it.
   */
  private async revokeFamily(record: AuthorizationCodeRecord, now: Date): Promise<void> {
    const { grantId: id, clientId, userId, workspaceId, scopes, resource, expiresAt } = record;
    await this.grants.createGrant({ id, clientId, userId, workspaceId, scopes, resource, createdAt: now, expiresAt, revokedAt: now }).catch(() => undefined);
    await this.grants.revokeGrant(id, now);
  }
}
