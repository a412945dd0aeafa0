import { type Scope } from '../../domain/credential/Scope';
import { requestedScopes } from '../../domain/oauth/chooseScopes';
import { type OAuthClient } from '../../domain/oauth/OAuthClient';
import { oauthError } from '../../domain/oauth/oauthError';
import { isGrantLive, type RefreshTokenRecord } from '../../domain/oauth/TokenGrant';
import { type Clock } from '../ports/Clock';
import { type TokenGrants } from '../ports/oauth/TokenGrants';
import { type SecretHasher } from '../ports/SecretHasher';
import { checkResource, checkSameResource, type ResourceSettings } from './checkResource';
import { type LiveScopes } from './LiveScopes';
import { type TokenAnswer, type TokenIssuer } from './TokenIssuer';

const INVALID = 'the refresh token is not valid';
/** A refresh may narrow what was granted, never widen it (RFC 6749 §6). */
const GRANTED_ONLY = 'a refresh may ask only for what the person granted, not for';

/**
 * grant_type=refresh_token (RFC 6749 §6) with rotation (RFC 9700 §4.14.2): each token works once;
 * a second use — a replay, or the loser of two concurrent refreshes — revokes the whole family.
 * The scope may narrow, never widen; the role is read again, so a demotion shows at once.
 */
export class RefreshAccessToken {
  constructor(
    private readonly grants: TokenGrants,
    private readonly issuer: TokenIssuer,
    private readonly liveScopes: LiveScopes,
    private readonly hasher: SecretHasher,
    private readonly clock: Clock,
    private readonly resources: ResourceSettings,
  ) {}

  async execute(client: OAuthClient, input: { refreshToken?: string; scope?: string; resource?: string }): Promise<TokenAnswer> {
    client.assertGrant('refresh_token');
    if (!input.refreshToken) throw oauthError('invalid_request', 'refresh_token is required');
    if (input.resource) checkResource(input.resource, this.resources);
    const tokenHash = this.hasher.hashToken(input.refreshToken);
    // Another client's token is refused before anything is spent: presented by a client it was
    // not issued to (a leaked token, without its own client's credentials), it must neither be
    // used up nor, by its rightful client's next use looking like a replay, end the family.
    const held = await this.grants.findRefreshToken(tokenHash);
    if (held === null || held.clientId !== client.clientId) throw oauthError('invalid_grant', INVALID);
    if (input.scope !== undefined || input.resource) await this.checkAsked(held, input);
    const now = this.clock.now();
    const consumed = await this.grants.consumeRefreshToken(tokenHash, now);
    if (consumed === null) throw oauthError('invalid_grant', INVALID);
    const { record, firstUse } = consumed;
    if (!firstUse) {
      await this.grants.revokeGrant(record.grantId, now);
      throw oauthError('invalid_grant', INVALID);
    }
    const grant = await this.grants.findGrant(record.grantId);
    if (grant === null || !isGrantLive(grant, now) || now >= record.expiresAt) throw oauthError('invalid_grant', INVALID);
    const asked = input.scope === undefined ? grant.scopes : requestedScopes(input.scope, grant.scopes, GRANTED_ONLY);
    let live: Scope[];
    try {
      live = await this.liveScopes.of(grant);
    } catch (error) {
      await this.grants.revokeGrant(grant.id, now); // removed from the workspace: nothing more from this grant
      throw error;
    }
    const scopes = asked.filter((s) => live.includes(s));
    if (scopes.length === 0) throw oauthError('invalid_scope', 'your role no longer allows any of the scopes asked for');
    return this.issuer.issue(grant, client, scopes);
  }

  /**
   * Checked before the token is spent: a client asking for too much, or for another resource
   * than its grant's (the refreshed token keeps the grant's resource), keeps its refresh token.
   */
  private async checkAsked(record: RefreshTokenRecord, input: { scope?: string; resource?: string }): Promise<void> {
    const grant = await this.grants.findGrant(record.grantId);
    if (grant === null) return;
    if (input.scope !== undefined) requestedScopes(input.scope, grant.scopes, GRANTED_ONLY);
    checkSameResource(input.resource, grant.resource, this.resources);
  }
}
