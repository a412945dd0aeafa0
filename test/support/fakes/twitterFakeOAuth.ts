import { createHash } from 'node:crypto';
import { type IncomingMessage, type ServerResponse } from 'node:http';
import { sendJson } from './twitterFakeAnswers';
import { type TwitterFakeState } from './twitterFakeState';

const oauthError = (response: ServerResponse, status: number, error: string, description: string) =>
  sendJson(response, status, { error, error_description: description });

const challengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/** A confidential client authenticates with `Authorization: Basic base64(client_id:client_secret)`. */
function clientAuthenticated(state: TwitterFakeState, message: IncomingMessage): boolean {
  const basic = /^Basic (.+)$/.exec(message.headers.authorization ?? '')?.[1];
  if (!basic) return false;
  const [id, secret] = Buffer.from(basic, 'base64').toString('utf8').split(':').map(decodeURIComponent);
  return id === state.clientId && secret === state.clientSecret;
}

function formOf(message: IncomingMessage, body: Buffer, response: ServerResponse): URLSearchParams | null {
  if (!String(message.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
    oauthError(response, 400, 'invalid_request', 'Content-Type must be application/x-www-form-urlencoded');
    return null;
  }
  return new URLSearchParams(body.toString('utf8'));
}

function answerTokens(state: TwitterFakeState, response: ServerResponse, userId: string, scopes: string[]) {
  const { accessToken, refreshToken } = state.issueTokens(userId, scopes);
  const withRefresh = scopes.includes('offline.access');
  if (!withRefresh) state.refreshTokens.delete(refreshToken);
  sendJson(response, 200, {
    token_type: 'bearer',
    expires_in: state.accessLifetimeSeconds,
    access_token: accessToken,
    scope: scopes.join(' '),
    ...(withRefresh ? { refresh_token: refreshToken } : {}),
  });
}

/** `POST /2/oauth2/token`: the code (with its PKCE verifier) or a refresh token, each good once. */
export function tokenEndpoint(state: TwitterFakeState, message: IncomingMessage, body: Buffer, response: ServerResponse) {
  if (!clientAuthenticated(state, message)) return oauthError(response, 401, 'invalid_client', 'Missing valid authorization header');
  const form = formOf(message, body, response);
  if (!form) return;
  const grantType = form.get('grant_type');
  if (grantType === 'authorization_code') {
    const code = state.codes.get(form.get('code') ?? '');
    if (!code) return oauthError(response, 400, 'invalid_request', 'Value passed for the authorization code was invalid.');
    if (code.redirectUri !== form.get('redirect_uri'))
      return oauthError(response, 400, 'invalid_request', 'Value passed for the redirect uri did not match the uri of the authorization code.');
    if (challengeOf(form.get('code_verifier') ?? '') !== code.challenge)
      return oauthError(response, 400, 'invalid_request', 'Value passed for the code verifier did not match the code challenge.');
    state.codes.delete(form.get('code') ?? '');
    return answerTokens(state, response, state.user.id, code.scopes);
  }
  if (grantType === 'refresh_token') {
    const presented = form.get('refresh_token') ?? '';
    const refresh = state.refreshTokens.get(presented);
    if (!refresh) return oauthError(response, 400, 'invalid_request', 'Value passed for the token was invalid.');
    // Rotation: a refresh token is good once.
    state.refreshTokens.delete(presented);
    return answerTokens(state, response, refresh.userId, refresh.scopes);
  }
  return oauthError(response, 400, 'unsupported_grant_type', `grant_type ${grantType} is not supported`);
}

/** `POST /2/oauth2/revoke` with `token` (and an optional `token_type_hint`). */
export function revokeEndpoint(state: TwitterFakeState, message: IncomingMessage, body: Buffer, response: ServerResponse) {
  if (!clientAuthenticated(state, message)) return oauthError(response, 401, 'invalid_client', 'Missing valid authorization header');
  const form = formOf(message, body, response);
  if (!form) return;
  const token = form.get('token') ?? '';
  state.accessTokens.delete(token);
  state.refreshTokens.delete(token);
  state.revoked.push(token);
  sendJson(response, 200, { revoked: true });
}

/** What X's consent screen checks before handing back a code for `authorizeUrl`. */
export function consent(state: TwitterFakeState, authorizeUrl: string): { code: string; state: string; redirectUri: string } {
  const params = new URL(authorizeUrl).searchParams;
  const need = (name: string) => {
    const value = params.get(name);
    if (!value) throw new Error(`the authorize URL lacks ${name}`);
    return value;
  };
  if (need('response_type') !== 'code') throw new Error('response_type must be code');
  if (need('client_id') !== state.clientId) throw new Error('unknown client_id');
  if (need('code_challenge_method') !== 'S256') throw new Error('code_challenge_method must be S256');
  const code = `x-code-${state.next()}`;
  state.codes.set(code, { redirectUri: need('redirect_uri'), scopes: need('scope').split(' '), challenge: need('code_challenge') });
  return { code, state: need('state'), redirectUri: need('redirect_uri') };
}
