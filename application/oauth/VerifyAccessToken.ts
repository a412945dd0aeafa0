import { type Credential } from '../../domain/credential/Credential';
import { isGrantLive } from '../../domain/oauth/TokenGrant';
import { type AccessTokenVerifier } from '../ports/AccessTokenVerifier';
import { unauthenticated } from '../../domain/shared/DomainError';
import { type Clock } from '../ports/Clock';
import { type Logger } from '../ports/Logger';
import { type AccessTokens } from '../ports/oauth/AccessTokens';
import { type TokenGrants } from '../ports/oauth/TokenGrants';

/**
 * A resource server's check of an OAuth access token: the signature and claims (AccessTokens),
 * its audience (RFC 8707: a token for the API is refused by the MCP server and the other way
 * round), then its family, one key lookup, so a revoked grant stops working at once rather than
 * at `exp`. Scopes are intersected with the live role where the workspace is resolved (AccessDecision).
 */
export class VerifyAccessToken implements AccessTokenVerifier {
  constructor(
    private readonly tokens: AccessTokens,
    private readonly grants: TokenGrants,
    private readonly clock: Clock,
    /** The resource this server is: the only `aud` it accepts. */
    private readonly audience: string,
    private readonly logger?: Logger,
  ) {}

  async verify(token: string): Promise<Extract<Credential, { kind: 'oauth' }> | null> {
    const claims = await this.tokens.verify(token);
    if (claims === null) return null;
    // Signed by us for our other resource: the one refusal its holder can fix, so it is named (never the token).
    if (claims.resource !== this.audience) {
      this.logger?.warn('access token refused: issued for another resource', { issuedFor: claims.resource, servedBy: this.audience });
      throw unauthenticated(
        'invalid_token',
        `this access token was issued for the resource ${claims.resource}, this one is ${this.audience}: ask the authorization server for a token with resource=${this.audience}`,
      );
    }
    const grant = await this.grants.findGrant(claims.grantId);
    // A genuine token whose family ended: its holder needs the person to authorize the app again, not a refresh.
    if (grant === null || !isGrantLive(grant, this.clock.now())) {
      throw unauthenticated(
        'invalid_token',
        "this access token's grant has ended (revoked, its refresh token used twice, the person no longer a member, or past its lifetime): authorize the app again",
      );
    }
    return { kind: 'oauth', id: claims.grantId, userId: claims.userId, clientId: claims.clientId, workspaceId: claims.workspaceId, scopes: claims.scopes };
  }
}
