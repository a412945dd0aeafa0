import { type InstagramCall, tokenOf } from './instagramFakeGraph';
import { type InstagramFakeState } from './instagramFakeState';
import { metaError } from './kit/metaGraphAnswers';
import { OAuthAuthority } from './kit/oauthAuthority';

/** api.instagram.com answers OAuth errors in its own older shape. */
const oauthError = (status: number, message: string) => ({ status, body: { error_type: 'OAuthException', code: status, error_message: message } });

/**
 * Business Login for Instagram's OAuth server: the consent screen (scopes comma separated, no
 * PKCE) and `POST api.instagram.com/oauth/access_token` (the app's id and secret in the form),
 * whose answer is `{data: [{access_token, user_id, permissions}]}`: a short-lived token.
 */
export const instagramAuthority = (state: InstagramFakeState): OAuthAuthority =>
  new OAuthAuthority(state, {
    userId: () => state.account.userId,
    clientAuthentication: 'form',
    pkce: false,
    scopeSeparator: ',',
    rotatesOn: () => false,
    tokenAnswer: ({ accessToken, scopes }) => {
      state.kinds.set(accessToken, 'short');
      return { data: [{ access_token: accessToken, user_id: state.account.userId, permissions: scopes.join(',') }] };
    },
    refusals: {
      notAForm: [400, 'invalid_request', 'Missing required field client_id'],
      badClient: [400, 'invalid_client', 'Error validating client secret.'],
      unknownCode: [400, 'invalid_grant', 'Invalid authorization code'],
      redirectMismatch: [400, 'invalid_grant', 'Error validating verification code. Please make sure your redirect_uri is identical'],
      verifierMismatch: [400, 'invalid_grant', 'Invalid authorization code'],
      unknownRefreshToken: [400, 'invalid_grant', 'Invalid authorization code'],
      unsupportedGrant: [400, 'unsupported_grant_type', 'Unsupported grant_type'],
    },
    errorAnswer: (status, _error, description) => oauthError(status, description),
  });

/** `GET /access_token?grant_type=ig_exchange_token&client_secret&access_token`: a short-lived token for a long-lived one. */
export function exchangeForLongLived(call: InstagramCall) {
  const { state } = call;
  if (call.url.searchParams.get('client_secret') !== state.clientSecret) {
    return call.send(metaError({ status: 400, message: 'Error validating client secret.', code: 101 }));
  }
  const short = tokenOf(call);
  if (!short) return;
  if (state.kinds.get(short.token) !== 'short')
    return call.send(metaError({ status: 400, message: 'Invalid OAuth access token - Cannot parse access token', code: 190 }));
  const token = state.issueToken('long', short.scopes);
  call.answer(200, { access_token: token, token_type: 'bearer', expires_in: state.longLifetimeSeconds });
}

/** `GET /refresh_access_token?grant_type=ig_refresh_token&access_token` with a valid long-lived token. */
export function refreshLongLived(call: InstagramCall) {
  const long = tokenOf(call);
  if (!long) return;
  if (call.state.kinds.get(long.token) !== 'long')
    return call.send(metaError({ status: 400, message: 'Invalid OAuth access token - Cannot parse access token', code: 190 }));
  const token = call.state.issueToken('long', long.scopes);
  call.answer(200, { access_token: token, token_type: 'bearer', expires_in: call.state.longLifetimeSeconds });
}
