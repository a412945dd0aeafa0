import { OAuthAuthority } from './kit/oauthAuthority';
import { type TwitterFakeState } from './twitterFakeState';

/**
 * X's OAuth 2.0 authorization server, as X's authentication documentation describes it (its
 * OpenAPI description does not cover it): PKCE with S256, the client in `Authorization: Basic`,
 * a refresh token only with `offline.access`, each refresh token good once.
 */
export const xAuthority = (state: TwitterFakeState): OAuthAuthority =>
  new OAuthAuthority(state, {
    userId: () => state.user.id,
    clientAuthentication: 'basic',
    pkce: true,
    scopeSeparator: ' ',
    refreshTokenScope: 'offline.access',
    rotatesOn: () => true,
    tokenAnswer: ({ accessToken, refreshToken, scopes }) => ({
      token_type: 'bearer',
      expires_in: state.accessLifetimeSeconds,
      access_token: accessToken,
      scope: scopes.join(' '),
      ...(refreshToken === null ? {} : { refresh_token: refreshToken }),
    }),
    refusals: {
      notAForm: [400, 'invalid_request', 'Content-Type must be application/x-www-form-urlencoded'],
      badClient: [401, 'invalid_client', 'Missing valid authorization header'],
      unknownCode: [400, 'invalid_request', 'Value passed for the authorization code was invalid.'],
      redirectMismatch: [400, 'invalid_request', 'Value passed for the redirect uri did not match the uri of the authorization code.'],
      verifierMismatch: [400, 'invalid_request', 'Value passed for the code verifier did not match the code challenge.'],
      unknownRefreshToken: [400, 'invalid_request', 'Value passed for the token was invalid.'],
      unsupportedGrant: [400, 'unsupported_grant_type', 'grant_type is not supported'],
    },
    errorAnswer: (status, error, description) => ({ status, body: { error, error_description: description } }),
    revokedAnswer: { status: 200, body: { revoked: true } },
  });
