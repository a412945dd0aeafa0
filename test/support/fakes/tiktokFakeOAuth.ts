import { OAuthAuthority } from './kit/oauthAuthority';
import { oauthError } from './tiktokFakeAnswers';
import { type TikTokFakeState } from './tiktokFakeState';

/**
 * TikTok's Login Kit authorization server, as its token management page describes it: the app
 * as `client_key` and its secret in the form, no PKCE for a web app, comma separated scopes,
 * refresh tokens that rotate, revocation of the access token.
 */
export const tiktokAuthority = (state: TikTokFakeState): OAuthAuthority =>
  new OAuthAuthority(state, {
    userId: () => state.creator.openId,
    clientAuthentication: 'form',
    clientIdName: 'client_key',
    pkce: false,
    scopeSeparator: ',',
    rotatesOn: () => true,
    tokenAnswer: ({ accessToken, refreshToken, scopes }) => ({
      access_token: accessToken,
      expires_in: state.accessLifetimeSeconds,
      open_id: state.creator.openId,
      refresh_expires_in: state.refreshLifetimeSeconds,
      ...(refreshToken === null ? {} : { refresh_token: refreshToken }),
      scope: scopes.join(','),
      token_type: 'Bearer',
    }),
    refusals: {
      notAForm: [400, 'invalid_request', 'Content-Type must be application/x-www-form-urlencoded'],
      badClient: [401, 'invalid_client', 'Client key or secret is incorrect.'],
      unknownCode: [400, 'invalid_grant', 'Authorization code is expired.'],
      redirectMismatch: [400, 'invalid_request', 'Redirect URI does not match.'],
      verifierMismatch: [400, 'invalid_grant', 'Code verifier is invalid.'],
      unknownRefreshToken: [400, 'invalid_grant', 'Refresh token is invalid or expired.'],
      unsupportedGrant: [400, 'unsupported_grant_type', 'grant_type is not supported'],
    },
    errorAnswer: oauthError,
    revokedAnswer: { status: 200 },
  });
