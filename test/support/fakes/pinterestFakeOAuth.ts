import { type IncomingMessage, type ServerResponse } from 'node:http';
import { oauthError, sendJson } from './pinterestFakeAnswers';
import { type PinterestFakeState } from './pinterestFakeState';

const INVALID_GRANT = 'The authorization code or refresh token is invalid, expired or revoked.';

/** HTTP Basic with the app's client id and secret, as `POST /v5/oauth/token` requires. */
function clientAuthenticated(state: PinterestFakeState, message: IncomingMessage): boolean {
  const basic = /^Basic (.+)$/.exec(message.headers.authorization ?? '')?.[1];
  return basic !== undefined && Buffer.from(basic, 'base64').toString('utf8') === `${state.clientId}:${state.clientSecret}`;
}

/** `POST /v5/oauth/token`, form encoded: `authorization_code`, and `refresh_token` with optional continuous refresh. */
export function tokenEndpoint(state: PinterestFakeState, message: IncomingMessage, body: Buffer, response: ServerResponse) {
  if (!String(message.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
    return oauthError(response, 400, 'invalid_request', 'Content-Type must be application/x-www-form-urlencoded');
  }
  if (!clientAuthenticated(state, message)) return oauthError(response, 401, 'invalid_client', 'Client authentication failed.');
  const form = new URLSearchParams(body.toString('utf8'));
  const grantType = form.get('grant_type');
  if (grantType === 'authorization_code') {
    const code = state.codes.get(form.get('code') ?? '');
    if (!code) return oauthError(response, 400, 'invalid_grant', INVALID_GRANT);
    if (code.redirectUri !== form.get('redirect_uri')) return oauthError(response, 400, 'invalid_grant', 'redirect_uri does not match the authorization');
    state.codes.delete(form.get('code') ?? '');
    const { accessToken, refreshToken } = state.issueTokens(state.account.id, code.scopes);
    return sendJson(response, 200, {
      access_token: accessToken,
      refresh_token: refreshToken,
      response_type: 'authorization_code',
      token_type: 'bearer',
      expires_in: state.accessLifetimeSeconds,
      refresh_token_expires_in: state.refreshLifetimeSeconds,
      scope: code.scopes.join(','),
    });
  }
  if (grantType === 'refresh_token') {
    const old = form.get('refresh_token') ?? '';
    const refresh = state.refreshTokens.get(old);
    if (!refresh) return oauthError(response, 400, 'invalid_grant', INVALID_GRANT);
    const issued = state.issueTokens(refresh.userId, refresh.scopes);
    const base = { access_token: issued.accessToken, token_type: 'bearer', expires_in: state.accessLifetimeSeconds, scope: refresh.scopes.join(',') };
    if (form.get('refresh_on') !== 'true') {
      state.refreshTokens.delete(issued.refreshToken);
      return sendJson(response, 200, { ...base, response_type: 'refresh_token' });
    }
    // Continuous refresh: a new refresh token with a new lifetime replaces the one used.
    state.refreshTokens.delete(old);
    return sendJson(response, 200, {
      ...base,
      response_type: 'everlasting_refresh',
      refresh_token: issued.refreshToken,
      refresh_token_expires_in: state.refreshLifetimeSeconds,
      refresh_token_expires_at: Math.floor(Date.now() / 1000) + state.refreshLifetimeSeconds,
    });
  }
  return oauthError(response, 400, 'unsupported_grant_type', `grant_type ${grantType} is not supported`);
}
