import { type ServerResponse } from 'node:http';
import { sendJson } from './linkedinFakeAnswers';
import { type LinkedInFakeState } from './linkedinFakeState';

const oauthError = (response: ServerResponse, status: number, error: string, description: string) =>
  sendJson(response, status, { error, error_description: description });

/** `POST /oauth/v2/accessToken`, form encoded, for both grants LinkedIn documents. */
export function tokenEndpoint(state: LinkedInFakeState, contentType: string | undefined, body: Buffer, response: ServerResponse) {
  if (!contentType?.startsWith('application/x-www-form-urlencoded')) {
    return oauthError(response, 400, 'invalid_request', 'Content-Type must be application/x-www-form-urlencoded');
  }
  const form = new URLSearchParams(body.toString('utf8'));
  if (form.get('client_id') !== state.clientId || form.get('client_secret') !== state.clientSecret) {
    return oauthError(response, 401, 'invalid_client', 'Client authentication failed');
  }
  const grantType = form.get('grant_type');
  if (grantType === 'authorization_code') {
    const code = state.codes.get(form.get('code') ?? '');
    if (!code) return oauthError(response, 400, 'invalid_grant', 'The provided authorization grant or refresh token is invalid, expired or revoked.');
    if (code.redirectUri !== form.get('redirect_uri'))
      return oauthError(
        response,
        400,
        'invalid_request',
        'Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code.',
      );
    state.codes.delete(form.get('code') ?? '');
    return answerTokens(state, response, state.member.sub, code.scopes);
  }
  if (grantType === 'refresh_token') {
    const refresh = state.refreshTokens.get(form.get('refresh_token') ?? '');
    if (!refresh) return oauthError(response, 400, 'invalid_grant', 'The provided authorization grant or refresh token is invalid, expired or revoked.');
    // The refresh token's lifetime is fixed: the same one comes back.
    const { accessToken } = state.issueTokens(refresh.memberId, refresh.scopes);
    return sendJson(response, 200, {
      access_token: accessToken,
      expires_in: state.accessLifetimeSeconds,
      refresh_token: form.get('refresh_token'),
      refresh_token_expires_in: state.refreshLifetimeSeconds,
      scope: refresh.scopes.join(','),
    });
  }
  return oauthError(response, 400, 'unsupported_grant_type', `grant_type ${grantType} is not supported`);
}

function answerTokens(state: LinkedInFakeState, response: ServerResponse, memberId: string, scopes: string[]) {
  const { accessToken, refreshToken } = state.issueTokens(memberId, scopes);
  sendJson(response, 200, {
    access_token: accessToken,
    expires_in: state.accessLifetimeSeconds,
    refresh_token: refreshToken,
    refresh_token_expires_in: state.refreshLifetimeSeconds,
    scope: scopes.join(','),
  });
}

/** `POST /oauth/v2/revoke` with `client_id, client_secret, token`. */
export function revokeEndpoint(state: LinkedInFakeState, body: Buffer, response: ServerResponse) {
  const form = new URLSearchParams(body.toString('utf8'));
  if (form.get('client_id') !== state.clientId || form.get('client_secret') !== state.clientSecret) {
    return oauthError(response, 401, 'invalid_client', 'Client authentication failed');
  }
  const token = form.get('token') ?? '';
  state.accessTokens.delete(token);
  state.revoked.push(token);
  response.writeHead(200).end();
}
