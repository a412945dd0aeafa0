import { type Credential } from '../../domain/credential/Credential';
import { isGrantLive } from '../../domain/oauth/TokenGrant';
import { type AccessTokenVerifier } from '../ports/AccessTokenVerifier';
import { type Clock } from '../ports/Clock';
import { type AccessTokens } from '../ports/oauth/AccessTokens';
import { type TokenGrants } from '../ports/oauth/TokenGrants';

/**
 * The API's check of an OAuth access token: the signature and claims (AccessTokens), then its
 * family, one key lookup, so a revoked grant stops working at once rather than at `exp`.
 * Scopes are intersected with the live role where the workspace is resolved (AccessDecision).
 */
export class VerifyAccessToken implements AccessTokenVerifier {
  constructor(
    private readonly tokens: AccessTokens,
    private readonly grants: TokenGrants,
    private readonly clock: Clock,
  ) {}

  async verify(token: string): Promise<Extract<Credential, { kind: 'oauth' }> | null> {
    const claims = await this.tokens.verify(token);
    if (claims === null) return null;
    const grant = await this.grants.findGrant(claims.grantId);
    if (grant === null || !isGrantLive(grant, this.clock.now())) return null;
    return { kind: 'oauth', id: claims.grantId, userId: claims.userId, clientId: claims.clientId, workspaceId: claims.workspaceId, scopes: claims.scopes };
  }
}
