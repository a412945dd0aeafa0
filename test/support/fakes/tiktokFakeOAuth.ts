import { type ServerResponse } from 'node:http';
import { sendJson, sendOAuthError } from './tiktokFakeAnswers';
import { type TikTokFakeState } from './tiktokFakeState';

/** `POST /v2/oauth/token/`, form encoded, client_key and client_secret in the form, for both grants. */
export function tokenEndpoint(state: TikTokFakeState, contentType: string | undefined, body: Buffer, response: ServerResponse) {
  if (!contentType?.startsWith('application/x-www-form-urlencoded')) {
    return sendOAuthError(response, 400, 'invalid_request', 'Content-Type must be application/x-www-form-urlencoded');
  }
  const form = new URLSearchParams(body.toString('utf8'));
  if (form.get('client_key') !== state.clientKey || form.get('client_secret') !== state.clientSecret) {
    return sendOAuthError(response, 401, 'invalid_client', 'Client key or secret is incorrect.');
  }
  const grantType = form.get('grant_type');
  if (grantType === 'authorization_code') {
    const code = state.codes.get(form.get('code') ?? '');
    if (!code) return sendOAuthError(response, 400, 'invalid_grant', 'Authorization code is expired.');
    if (code.redirectUri !== form.get('redirect_uri')) return sendOAuthError(response, 400, 'invalid_request', 'Redirect URI does not match.');
    state.codes.delete(form.get('code') ?? '');
    return answerTokens(state, response, state.creator.openId, code.scopes);
  }
  if (grantType === 'refresh_token') {
    const old = form.get('refresh_token') ?? '';
    const refresh = state.refreshTokens.get(old);
    if (!refresh) return sendOAuthError(response, 400, 'invalid_grant', 'Refresh token is invalid or expired.');
    // Refresh tokens rotate: the one used stops working.
    state.refreshTokens.delete(old);
    return answerTokens(state, response, refresh.openId, refresh.scopes);
  }
  return sendOAuthError(response, 400, 'unsupported_grant_type', `grant_type ${grantType} is not supported`);
}

function answerTokens(state: TikTokFakeState, response: ServerResponse, openId: string, scopes: readonly string[]) {
  const { accessToken, refreshToken } = state.issueTokens(openId, scopes);
  sendJson(response, 200, {
    access_token: accessToken,
    expires_in: state.accessLifetimeSeconds,
    open_id: openId,
    refresh_expires_in: state.refreshLifetimeSeconds,
    refresh_token: refreshToken,
    scope: scopes.join(','),
    token_type: 'Bearer',
  });
}

/** `POST /v2/oauth/revoke/` with `client_key, client_secret, token`; an empty answer. */
export function revokeEndpoint(state: TikTokFakeState, body: Buffer, response: ServerResponse) {
  const form = new URLSearchParams(body.toString('utf8'));
  if (form.get('client_key') !== state.clientKey || form.get('client_secret') !== state.clientSecret) {
    return sendOAuthError(response, 401, 'invalid_client', 'Client key or secret is incorrect.');
  }
  const token = form.get('token') ?? '';
  state.accessTokens.delete(token);
  state.revoked.push(token);
  response.writeHead(200).end();
}
