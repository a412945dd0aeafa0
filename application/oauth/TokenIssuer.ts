import { type Scope } from '../../domain/credential/Scope';
import { type OAuthClient } from '../../domain/oauth/OAuthClient';
import { type TokenGrant } from '../../domain/oauth/TokenGrant';
import { type Clock } from '../ports/Clock';
import { type AccessTokens } from '../ports/oauth/AccessTokens';
import { type TokenGrants } from '../ports/oauth/TokenGrants';
import { type RandomSource } from '../ports/RandomSource';
import { type SecretHasher } from '../ports/SecretHasher';
import { type OAuthSettings, secondsFrom } from './OAuthSettings';

/** The token endpoint's success body (RFC 6749 §5.1). */
export interface TokenAnswer {
  readonly access_token: string;
  readonly token_type: 'Bearer';
  readonly expires_in: number;
  readonly refresh_token?: string;
  readonly scope: string;
}

/** Refresh tokens are opaque, 256 random bits, prefixed so a secret scanner knows them. */
export const REFRESH_TOKEN_PREFIX = 'dsr_';

/** Signs an access token for a grant and, for a client registered for refresh, mints the next refresh token. */
export class TokenIssuer {
  constructor(
    private readonly accessTokens: AccessTokens,
    private readonly grants: TokenGrants,
    private readonly random: RandomSource,
    private readonly hasher: SecretHasher,
    private readonly clock: Clock,
    private readonly settings: OAuthSettings,
  ) {}

  async issue(grant: TokenGrant, client: OAuthClient, scopes: readonly Scope[]): Promise<TokenAnswer> {
    const access = await this.accessTokens.sign({
      userId: grant.userId,
      clientId: grant.clientId,
      workspaceId: grant.workspaceId,
      scopes,
      resource: grant.resource,
      grantId: grant.id,
    });
    const answer: TokenAnswer = { access_token: access, token_type: 'Bearer', expires_in: this.accessTokens.lifetimeSeconds, scope: scopes.join(' ') };
    if (!client.allowsGrant('refresh_token')) return answer;
    const now = this.clock.now();
    const refresh = `${REFRESH_TOKEN_PREFIX}${this.random.token(32)}`;
    // The idle end, but never past the family's absolute end.
    const idleEnd = Math.min(secondsFrom(now, this.settings.refreshIdleSeconds).getTime(), grant.expiresAt.getTime());
    await this.grants.saveRefreshToken({
      tokenHash: this.hasher.hashToken(refresh),
      grantId: grant.id,
      clientId: grant.clientId,
      createdAt: now,
      expiresAt: new Date(idleEnd),
      consumedAt: null,
    });
    return { ...answer, refresh_token: refresh };
  }
}
