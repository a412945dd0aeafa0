import { isGrantLive } from '../../domain/oauth/TokenGrant';
import { type Clock } from '../ports/Clock';
import { type AccessTokens } from '../ports/oauth/AccessTokens';
import { type TokenGrants } from '../ports/oauth/TokenGrants';
import { type SecretHasher } from '../ports/SecretHasher';
import { type AuthenticateClient, type ClientCredentials } from './AuthenticateClient';
import { REFRESH_TOKEN_PREFIX } from './TokenIssuer';

/** RFC 7662 §2.2: `{active: false}` and nothing else for any token that is not live. */
export type Introspection = { readonly active: false } | ActiveToken;
type ActiveToken = { readonly active: true; readonly client_id: string } & Readonly<Record<string, string | number | boolean>>;

const INACTIVE: Introspection = { active: false };
const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

/**
 * POST /oauth/introspect. The token comes in the form (the client authenticates, and only its
 * own tokens are active to it) or as the bearer header (the holder asking about its own token).
 */
export class IntrospectToken {
  constructor(
    private readonly authenticate: AuthenticateClient,
    private readonly accessTokens: AccessTokens,
    private readonly grants: TokenGrants,
    private readonly hasher: SecretHasher,
    private readonly clock: Clock,
    private readonly issuer: string,
  ) {}

  async execute(input: { token: string; client: ClientCredentials | null }): Promise<Introspection> {
    const askingClient = input.client === null ? null : (await this.authenticate.execute(input.client)).clientId;
    const found = input.token.startsWith(REFRESH_TOKEN_PREFIX) ? await this.refreshToken(input.token) : await this.accessToken(input.token);
    if (found === null || (askingClient !== null && found.client_id !== askingClient)) return INACTIVE;
    return found;
  }

  private async accessToken(token: string): Promise<ActiveToken | null> {
    const claims = await this.accessTokens.verify(token);
    if (claims === null) return null;
    const grant = await this.grants.findGrant(claims.grantId);
    if (grant === null || !isGrantLive(grant, this.clock.now())) return null;
    return {
      active: true,
      token_type: 'Bearer',
      scope: claims.scopes.join(' '),
      client_id: claims.clientId,
      sub: claims.userId,
      aud: claims.resource,
      iss: this.issuer,
      iat: seconds(claims.issuedAt),
      exp: seconds(claims.expiresAt),
      workspace_id: claims.workspaceId,
    };
  }

  private async refreshToken(token: string): Promise<ActiveToken | null> {
    const now = this.clock.now();
    const record = await this.grants.findRefreshToken(this.hasher.hashToken(token));
    if (record === null || record.consumedAt !== null || now >= record.expiresAt) return null;
    const grant = await this.grants.findGrant(record.grantId);
    if (grant === null || !isGrantLive(grant, now)) return null;
    return {
      active: true,
      token_type: 'refresh_token',
      scope: grant.scopes.join(' '),
      client_id: grant.clientId,
      sub: grant.userId,
      iss: this.issuer,
      exp: seconds(record.expiresAt),
      workspace_id: grant.workspaceId,
    };
  }
}
