import { type ServerResponse } from 'node:http';
import { sendJson, sendOAuthError } from './youtubeFakeAnswers';
import { s256, type YouTubeFakeState } from './youtubeFakeState';

const ONE_HOUR = 3599;

/**
 * `POST /token`: the authorization code (single use, same redirect URI, the PKCE verifier whose
 * S256 hash is the challenge) or a refresh token (no new refresh token in the answer).
 */
export function tokenEndpoint(state: YouTubeFakeState, contentType: string | undefined, body: Buffer, response: ServerResponse) {
  if (!contentType?.startsWith('application/x-www-form-urlencoded')) return sendOAuthError(response, 400, 'invalid_request', 'Invalid content type');
  const form = new URLSearchParams(body.toString());
  if (form.get('client_id') !== state.clientId || form.get('client_secret') !== state.clientSecret) {
    return sendOAuthError(response, 401, 'invalid_client', 'Unauthorized');
  }
  const grantType = form.get('grant_type');
  if (grantType === 'authorization_code') return exchangeCode(state, form, response);
  if (grantType === 'refresh_token') return refresh(state, form, response);
  sendOAuthError(response, 400, 'unsupported_grant_type', `Invalid grant_type: ${grantType}`);
}

function exchangeCode(state: YouTubeFakeState, form: URLSearchParams, response: ServerResponse) {
  const code = state.codes.get(form.get('code') ?? '');
  if (!code) return sendOAuthError(response, 400, 'invalid_grant', 'Malformed auth code.');
  state.codes.delete(form.get('code') ?? '');
  if (form.get('redirect_uri') !== code.redirectUri) return sendOAuthError(response, 400, 'redirect_uri_mismatch', 'Bad Request');
  const verifier = form.get('code_verifier');
  if (code.codeChallenge !== null && (verifier === null || s256(verifier) !== code.codeChallenge)) {
    return sendOAuthError(response, 400, 'invalid_grant', verifier === null ? 'Missing code verifier.' : 'Invalid code verifier.');
  }
  const tokens = state.issueTokens(code.scopes);
  sendJson(response, 200, {
    access_token: tokens.accessToken,
    expires_in: ONE_HOUR,
    refresh_token: tokens.refreshToken,
    scope: code.scopes.join(' '),
    token_type: 'Bearer',
  });
}

function refresh(state: YouTubeFakeState, form: URLSearchParams, response: ServerResponse) {
  const refreshToken = form.get('refresh_token') ?? '';
  const known = state.refreshTokens.get(refreshToken);
  if (!known || known.revoked) return sendOAuthError(response, 400, 'invalid_grant', 'Token has been expired or revoked.');
  const tokens = state.issueTokens(known.scopes, refreshToken);
  sendJson(response, 200, { access_token: tokens.accessToken, expires_in: ONE_HOUR, scope: known.scopes.join(' '), token_type: 'Bearer' });
}

/** `POST /revoke` with `token` (an access or refresh token): revoking either ends the grant. */
export function revokeEndpoint(state: YouTubeFakeState, body: Buffer, response: ServerResponse) {
  const token = new URLSearchParams(body.toString()).get('token') ?? '';
  const refreshToken = state.refreshTokens.has(token) ? token : state.accessTokens.get(token)?.refreshToken;
  const grant = refreshToken === undefined ? undefined : state.refreshTokens.get(refreshToken);
  if (!grant || grant.revoked) return sendOAuthError(response, 400, 'invalid_token', 'Token expired or revoked');
  grant.revoked = true;
  sendJson(response, 200, {});
}
