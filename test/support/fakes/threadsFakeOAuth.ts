import { type ServerResponse } from 'node:http';
import { INVALID_TOKEN, invalidParameter, sendJson, sendMetaError } from './threadsFakeAnswers';
import { type ThreadsFakeState } from './threadsFakeState';

type Params = Record<string, string>;

const badClient = (response: ServerResponse) =>
  sendMetaError(response, { status: 400, message: 'Error validating client secret.', type: 'OAuthException', code: 101 });

/** `POST /oauth/access_token` (form): the code for a short-lived token and the user's id. */
export function exchangeCode(state: ThreadsFakeState, params: Params, contentType: string | undefined, response: ServerResponse) {
  if (!contentType?.startsWith('application/x-www-form-urlencoded')) return invalidParameter(response, 'The request must be form encoded');
  if (params.client_id !== state.clientId) return invalidParameter(response, 'Invalid platform app');
  if (params.client_secret !== state.clientSecret) return badClient(response);
  if (params.grant_type !== 'authorization_code') return invalidParameter(response, 'Unsupported grant_type');
  const code = state.codes.get(params.code ?? '');
  if (!code) return invalidParameter(response, 'Invalid verification code format.');
  if (code.redirectUri !== params.redirect_uri) {
    return invalidParameter(
      response,
      'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
    );
  }
  state.codes.delete(params.code);
  sendJson(response, 200, { access_token: state.issue('short', code.scopes), user_id: Number(state.user.id) });
}

/** `GET /access_token?grant_type=th_exchange_token&client_secret&access_token`: a short-lived token for a long-lived one. */
export function exchangeForLongLived(state: ThreadsFakeState, params: Params, response: ServerResponse) {
  if (params.grant_type !== 'th_exchange_token') return invalidParameter(response, 'Unsupported grant_type');
  if (params.client_secret !== state.clientSecret) return badClient(response);
  const short = state.tokens.get(params.access_token ?? '');
  if (!short || short.kind !== 'short' || short.invalid || short.expiresAt <= state.now) return sendMetaError(response, INVALID_TOKEN);
  const token = state.issue('long', short.scopes);
  sendJson(response, 200, { access_token: token, token_type: 'bearer', expires_in: state.longLifetimeSeconds });
}

/** `GET /refresh_access_token?grant_type=th_refresh_token&access_token`: a day-old, unexpired long-lived token for another 60 days. */
export function refreshLongLived(state: ThreadsFakeState, params: Params, response: ServerResponse) {
  if (params.grant_type !== 'th_refresh_token') return invalidParameter(response, 'Unsupported grant_type');
  const token = state.tokens.get(params.access_token ?? '');
  if (!token || token.invalid || token.expiresAt <= state.now) return sendMetaError(response, INVALID_TOKEN);
  if (!state.refreshable(token)) return invalidParameter(response, 'The access token cannot be refreshed yet');
  const renewed = state.issue('long', token.scopes);
  sendJson(response, 200, { access_token: renewed, token_type: 'bearer', expires_in: state.longLifetimeSeconds });
}
