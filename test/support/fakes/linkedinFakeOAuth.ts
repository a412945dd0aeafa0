import { OAuthAuthority } from './kit/oauthAuthority';
import { type LinkedInFakeState } from './linkedinFakeState';

const DEAD_GRANT = 'The provided authorization grant or refresh token is invalid, expired or revoked.';

/**
 * LinkedIn's authorization server as its pages describe it (docs/platforms.md, LinkedIn): the
 * consent screen on www.linkedin.com (space separated scopes, no PKCE for web apps), the client's
 * id and secret in the form, a refresh token whose lifetime is fixed (a refresh hands the same
 * one back), the granted scopes comma separated, revocation of an access token.
 */
export const linkedInAuthority = (state: LinkedInFakeState): OAuthAuthority =>
  new OAuthAuthority(state, {
    userId: () => state.member.sub,
    clientAuthentication: 'form',
    pkce: false,
    scopeSeparator: ' ',
    rotatesOn: () => false,
    tokenAnswer: ({ accessToken, refreshToken, scopes }) => ({
      access_token: accessToken,
      expires_in: state.accessLifetimeSeconds,
      ...(refreshToken === null ? {} : { refresh_token: refreshToken, refresh_token_expires_in: state.refreshLifetimeSeconds }),
      scope: scopes.join(','),
    }),
    refusals: {
      notAForm: [400, 'invalid_request', 'Content-Type must be application/x-www-form-urlencoded'],
      badClient: [401, 'invalid_client', 'Client authentication failed'],
      unknownCode: [400, 'invalid_grant', DEAD_GRANT],
      redirectMismatch: [400, 'invalid_request', 'Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code.'],
      verifierMismatch: [400, 'invalid_request', 'Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code.'],
      unknownRefreshToken: [400, 'invalid_grant', DEAD_GRANT],
      unsupportedGrant: [400, 'unsupported_grant_type', 'grant_type is not supported'],
    },
    errorAnswer: (status, error, description) => ({ status, body: { error, error_description: description } }),
    revokedAnswer: { status: 200 },
  });
