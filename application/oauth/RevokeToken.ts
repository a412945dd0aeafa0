import { oauthError } from '../../domain/oauth/oauthError';
import { type Clock } from '../ports/Clock';
import { type AccessTokens } from '../ports/oauth/AccessTokens';
import { type TokenGrants } from '../ports/oauth/TokenGrants';
import { type SecretHasher } from '../ports/SecretHasher';
import { type AuthenticateClient, type ClientCredentials } from './AuthenticateClient';
import { REFRESH_TOKEN_PREFIX } from './TokenIssuer';

/**
 * POST /oauth/revoke (RFC 7009): the client authenticates (a failure is still 401), then any
 * token it names is answered 200 (none named: 400 invalid_request). A refresh or access token of its own revokes the whole family;
 * another client's, an unknown or a malformed token changes nothing.
 */
export class RevokeToken {
  constructor(
    private readonly authenticate: AuthenticateClient,
    private readonly grants: TokenGrants,
    /** Any resource's token: the API's or the MCP server's, revoked alike. */
    private readonly accessTokens: AccessTokens,
    private readonly hasher: SecretHasher,
    private readonly clock: Clock,
  ) {}

  async execute(input: { client: ClientCredentials; token?: string }): Promise<void> {
    const client = await this.authenticate.execute(input.client);
    const token = input.token ?? '';
    // RFC 7009 §2.1: the token is required; naming none is the client's mistake, not "nothing to do".
    if (token === '') throw oauthError('invalid_request', 'token is required');
    const grantId = token.startsWith(REFRESH_TOKEN_PREFIX)
      ? await this.refreshTokenGrant(token, client.clientId)
      : await this.accessTokenGrant(token, client.clientId);
    if (grantId !== null) await this.grants.revokeGrant(grantId, this.clock.now());
  }

  private async refreshTokenGrant(token: string, clientId: string): Promise<string | null> {
    const record = await this.grants.findRefreshToken(this.hasher.hashToken(token));
    return record !== null && record.clientId === clientId ? record.grantId : null;
  }

  private async accessTokenGrant(token: string, clientId: string): Promise<string | null> {
    const claims = await this.accessTokens.verify(token);
    return claims !== null && claims.clientId === clientId ? claims.grantId : null;
  }
}
