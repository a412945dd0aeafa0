import { type ServerResponse } from 'node:http';
import { EXPIRED_TOKEN, INVALID_TOKEN, sendJson, sendMetaError } from './instagramFakeAnswers';
import { type InstagramFakeState } from './instagramFakeState';

/** api.instagram.com answers OAuth errors in its own older shape. */
const oauthError = (response: ServerResponse, message: string) => sendJson(response, 400, { error_type: 'OAuthException', code: 400, error_message: message });

/** `POST /oauth/access_token` (api.instagram.com), form encoded: the code for a short-lived token. */
export function exchangeCode(state: InstagramFakeState, contentType: string | undefined, body: Buffer, response: ServerResponse) {
  if (!contentType?.startsWith('application/x-www-form-urlencoded') && !contentType?.startsWith('multipart/form-data')) {
    return oauthError(response, 'Missing required field client_id');
  }
  const form = new URLSearchParams(body.toString('utf8'));
  if (form.get('client_id') !== state.clientId) return oauthError(response, 'Invalid platform app');
  if (form.get('client_secret') !== state.clientSecret) return oauthError(response, 'Error validating client secret.');
  if (form.get('grant_type') !== 'authorization_code') return oauthError(response, 'Unsupported grant_type');
  const code = state.codes.get(form.get('code') ?? '');
  if (!code) return oauthError(response, 'Invalid authorization code');
  if (code.redirectUri !== form.get('redirect_uri'))
    return oauthError(response, 'Error validating verification code. Please make sure your redirect_uri is identical');
  state.codes.delete(form.get('code') ?? '');
  const token = state.issueToken('short', code.scopes);
  sendJson(response, 200, { data: [{ access_token: token, user_id: state.account.userId, permissions: code.scopes.join(',') }] });
}

/** `GET /access_token?grant_type=ig_exchange_token&client_secret&access_token` (graph.instagram.com). */
export function exchangeForLongLived(state: InstagramFakeState, query: URLSearchParams, response: ServerResponse) {
  if (query.get('grant_type') !== 'ig_exchange_token') {
    return sendMetaError(response, { status: 400, message: 'Unsupported grant_type', type: 'OAuthException', code: 100 });
  }
  if (query.get('client_secret') !== state.clientSecret) {
    return sendMetaError(response, { status: 400, message: 'Error validating client secret.', type: 'OAuthException', code: 101 });
  }
  const short = state.tokens.get(query.get('access_token') ?? '');
  if (short?.kind !== 'short') return sendMetaError(response, INVALID_TOKEN);
  if (short.expired) return sendMetaError(response, EXPIRED_TOKEN);
  const token = state.issueToken('long', short.scopes);
  sendJson(response, 200, { access_token: token, token_type: 'bearer', expires_in: state.longLifetimeSeconds });
}

/** `GET /refresh_access_token?grant_type=ig_refresh_token&access_token` with a valid long-lived token. */
export function refreshLongLived(state: InstagramFakeState, query: URLSearchParams, response: ServerResponse) {
  if (query.get('grant_type') !== 'ig_refresh_token') {
    return sendMetaError(response, { status: 400, message: 'Unsupported grant_type', type: 'OAuthException', code: 100 });
  }
  const long = state.tokens.get(query.get('access_token') ?? '');
  if (long?.kind !== 'long') return sendMetaError(response, INVALID_TOKEN);
  if (long.expired) return sendMetaError(response, EXPIRED_TOKEN);
  const token = state.issueToken('long', long.scopes);
  sendJson(response, 200, { access_token: token, token_type: 'bearer', expires_in: state.longLifetimeSeconds });
}
