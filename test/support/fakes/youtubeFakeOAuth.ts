import { OAuthAuthority } from './kit/oauthAuthority';
import { oauthError } from './youtubeFakeAnswers';
import { type YouTubeFakeState } from './youtubeFakeState';

/**
 * Google's OAuth 2.0 server as its documentation describes it (no discovery document covers
 * it): PKCE with S256, the client in the form, a refresh token that does not rotate and is not
 * sent again on a refresh, revocation of either token.
 */
export const googleAuthority = (state: YouTubeFakeState): OAuthAuthority =>
  new OAuthAuthority(state, {
    userId: () => state.userId,
    clientAuthentication: 'form',
    pkce: true,
    scopeSeparator: ' ',
    rotatesOn: () => false,
    tokenAnswer: ({ grantType, accessToken, refreshToken, scopes }) => ({
      access_token: accessToken,
      expires_in: state.accessLifetimeSeconds,
      ...(grantType === 'authorization_code' && refreshToken !== null ? { refresh_token: refreshToken } : {}),
      scope: scopes.join(' '),
      token_type: 'Bearer',
    }),
    refusals: {
      notAForm: [400, 'invalid_request', 'Invalid content type'],
      badClient: [401, 'invalid_client', 'Unauthorized'],
      unknownCode: [400, 'invalid_grant', 'Malformed auth code.'],
      redirectMismatch: [400, 'redirect_uri_mismatch', 'Bad Request'],
      verifierMismatch: [400, 'invalid_grant', 'Invalid code verifier.'],
      unknownRefreshToken: [400, 'invalid_grant', 'Token has been expired or revoked.'],
      unsupportedGrant: [400, 'unsupported_grant_type', 'Invalid grant_type'],
    },
    errorAnswer: oauthError,
    revokedAnswer: { status: 200, body: {} },
  });
