import { type FakeCall } from './kit/fakeCall';
import { OAuthAuthority } from './kit/oauthAuthority';
import { badParameter, INVALID_TOKEN, refused } from './threadsFakeAnswers';
import { type ThreadsFakeState } from './threadsFakeState';

type ThreadsCall = FakeCall<ThreadsFakeState>;

/**
 * Threads' authorization server as Meta's pages describe it (docs/platforms.md, Threads): the
 * consent screen on threads.net (comma separated scopes, no PKCE), the code exchange with the
 * app's id and secret in the form for a short-lived token and the user's id, no refresh token.
 * Refusals are Meta's error objects: the `error` of each refusal below is its Graph code (and subcode).
 */
export const threadsAuthority = (state: ThreadsFakeState): OAuthAuthority =>
  new OAuthAuthority(state, {
    userId: () => state.user.id,
    clientAuthentication: 'form',
    pkce: false,
    scopeSeparator: ',',
    // Threads never hands out a refresh token: no scope earns one.
    refreshTokenScope: 'threads_refresh_token_never_granted',
    rotatesOn: () => false,
    tokenAnswer: ({ accessToken }) => {
      state.recordLife(accessToken, 'short');
      return { access_token: accessToken, user_id: Number(state.user.id) };
    },
    refusals: {
      notAForm: [400, '100', 'The request must be form encoded'],
      badClient: [400, '101', 'Error validating client secret.'],
      // The kit's server forgets a code once exchanged: an unknown one is most often a used one.
      unknownCode: [400, '100/36009', 'This authorization code has been used.'],
      redirectMismatch: [
        400,
        '100',
        'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
      ],
      verifierMismatch: [400, '100', 'Threads takes no code verifier'],
      unknownRefreshToken: [400, '190', 'Invalid OAuth access token - Cannot parse access token'],
      unsupportedGrant: [400, '100', 'Unsupported grant_type'],
    },
    errorAnswer: (status, code, message) => {
      const [graphCode, subcode] = code.split('/').map(Number);
      return refused({ status, code: graphCode ?? 100, message, subcode });
    },
  });

/** `GET /access_token?grant_type=th_exchange_token&client_secret&access_token`: a live short-lived token for a long-lived one. */
export function exchangeForLongLived(call: ThreadsCall) {
  const { state } = call;
  const params = call.url.searchParams;
  if (params.get('client_secret') !== state.clientSecret) return call.send(refused({ status: 400, code: 101, message: 'Error validating client secret.' }));
  const short = params.get('access_token') ?? '';
  const token = state.bearerOf(call.request);
  if (!token || state.lives.get(short)?.kind !== 'short') return call.send(refused(INVALID_TOKEN));
  call.answer(200, { access_token: state.issue('long', token.scopes), token_type: 'bearer', expires_in: state.longLifetimeSeconds });
}

/** `GET /refresh_access_token?grant_type=th_refresh_token&access_token`: a day-old, unexpired long-lived token for another 60 days. */
export function refreshLongLived(call: ThreadsCall) {
  const { state } = call;
  const used = call.url.searchParams.get('access_token') ?? '';
  const token = state.bearerOf(call.request);
  if (!token) return call.send(refused(INVALID_TOKEN));
  if (!state.refreshable(used)) return call.send(badParameter('The access token cannot be refreshed yet'));
  call.answer(200, { access_token: state.issue('long', token.scopes), token_type: 'bearer', expires_in: state.longLifetimeSeconds });
}
