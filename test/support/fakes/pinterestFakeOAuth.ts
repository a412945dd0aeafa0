import { OAuthAuthority } from './kit/oauthAuthority';
import { pinterestError } from './pinterestFakeAnswers';
import { type PinterestFakeState } from './pinterestFakeState';

const INVALID_GRANT = 'The authorization code or refresh token is invalid, expired or revoked.';

/**
 * Pinterest's OAuth server: its authorization page (its documentation) and `POST /v5/oauth/token`
 * (its description: HTTP Basic, a form, answers and errors in the described shapes). Scopes are
 * comma separated; no PKCE; every refresh replaces the refresh token (continuous refresh, the
 * only kind its description still has).
 */
export const pinterestAuthority = (state: PinterestFakeState): OAuthAuthority =>
  new OAuthAuthority(state, {
    userId: () => state.account.id,
    clientAuthentication: 'basic',
    pkce: false,
    scopeSeparator: ',',
    // Continuous refresh is the only kind Pinterest still issues: each refresh hands out a new refresh token.
    rotatesOn: () => true,
    tokenAnswer: ({ grantType, accessToken, refreshToken, scopes }) => ({
      access_token: accessToken,
      refresh_token: refreshToken,
      response_type: grantType,
      token_type: 'bearer',
      expires_in: state.accessLifetimeSeconds,
      refresh_token_expires_in: state.refreshLifetimeSeconds,
      ...(grantType === 'refresh_token' ? { refresh_token_expires_at: Math.floor(Date.now() / 1000) + state.refreshLifetimeSeconds } : {}),
      scope: scopes.join(','),
    }),
    refusals: {
      notAForm: [400, 'invalid_request', 'Content-Type must be application/x-www-form-urlencoded'],
      badClient: [401, 'invalid_client', 'Authentication failed.'],
      unknownCode: [400, 'invalid_grant', INVALID_GRANT],
      redirectMismatch: [400, 'invalid_grant', 'redirect_uri does not match the authorization'],
      verifierMismatch: [400, 'invalid_grant', INVALID_GRANT],
      unknownRefreshToken: [400, 'invalid_grant', INVALID_GRANT],
      unsupportedGrant: [400, 'unsupported_grant_type', 'grant_type is not supported'],
    },
    // The description's `Error` for oauth/token: `{code, message}`, not RFC 6749's body.
    errorAnswer: (status, _error, description) => pinterestError(status, status === 401 ? 2 : 1, description),
  });
