import { createHash } from 'node:crypto';
import { type FakeCall } from './fakeCall';
import { type OAuthGrants } from './oauthGrants';
import { type SeenRequest } from './RequestChecker';
import { type Answer } from './scriptedAnswers';

/** The token endpoint's refusals, each answered as the platform answers it. */
export type OAuthRefusal = 'notAForm' | 'badClient' | 'unknownCode' | 'redirectMismatch' | 'verifierMismatch' | 'unknownRefreshToken' | 'unsupportedGrant';

/** Tokens just issued: a refresh token (new, or the one kept), none where the platform gives none. */
export interface IssuedTokens {
  readonly grantType: 'authorization_code' | 'refresh_token';
  readonly accessToken: string;
  readonly refreshToken: string | null;
  readonly scopes: readonly string[];
}

/** How a platform's authorization server differs from the others'. */
export interface OAuthAuthorityConfig {
  /** Whose consent the consent screen gives. */
  readonly userId: () => string;
  /** Client credentials in `Authorization: Basic` (X, Pinterest) or as `client_id`/`client_secret` in the form. */
  readonly clientAuthentication: 'basic' | 'form';
  /** What the authorize URL and the form call the client's id, where not `client_id` (TikTok: `client_key`). */
  readonly clientIdName?: string;
  /** PKCE with S256 required (X), or no PKCE at all (Pinterest). */
  readonly pkce: boolean;
  /** How the authorize URL's `scope` separates scopes. */
  readonly scopeSeparator: ' ' | ',';
  /** A refresh token only when the grant has this scope (X: `offline.access`). */
  readonly refreshTokenScope?: string;
  /** Whether a refresh retires the refresh token used and hands out a new one (else the same one comes back). */
  readonly rotatesOn: (form: URLSearchParams) => boolean;
  /** The token endpoint's JSON answer for tokens it issued. */
  readonly tokenAnswer: (issued: IssuedTokens) => Record<string, unknown>;
  /** The status, error and description of each refusal, and the platform's error body for them. */
  readonly refusals: Readonly<Record<OAuthRefusal, readonly [status: number, error: string, description: string]>>;
  readonly errorAnswer: (status: number, error: string, description: string) => Answer;
  /** What revocation answers. */
  readonly revokedAnswer?: Answer;
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/**
 * A platform's OAuth 2.0 authorization server, configured rather than copied: the consent
 * screen (state, redirect URI, scopes and PKCE checked), the code exchange (each code good
 * once, for its redirect URI and verifier), refresh (rotating or not), and revocation. The
 * scopes the authorize URL asked for stay with the tokens, so requests can be checked against
 * the scopes each operation needs.
 */
export class OAuthAuthority {
  constructor(
    private readonly grants: OAuthGrants,
    private readonly config: OAuthAuthorityConfig,
  ) {}

  /** The owner agrees at `authorizeUrl`: it is checked as the consent screen checks it, and a code comes back for its redirect URI. */
  consent(authorizeUrl: string): { code: string; state: string; redirectUri: string } {
    const params = new URL(authorizeUrl).searchParams;
    const need = (name: string) => {
      const value = params.get(name);
      if (!value) throw new Error(`the authorize URL lacks ${name}: ${authorizeUrl}`);
      return value;
    };
    if (need('response_type') !== 'code') throw new Error('response_type must be code');
    const clientIdName = this.config.clientIdName ?? 'client_id';
    if (need(clientIdName) !== this.grants.clientId) throw new Error(`unknown ${clientIdName} ${params.get(clientIdName)}`);
    if (this.config.pkce && need('code_challenge_method') !== 'S256') throw new Error('code_challenge_method must be S256');
    if (!this.config.pkce && params.has('code_challenge')) throw new Error('this platform takes no PKCE challenge');
    const code = `code-${this.grants.next()}`;
    const scopes = need('scope').split(this.config.scopeSeparator);
    const challenge = this.config.pkce ? need('code_challenge') : null;
    this.grants.codes.set(code, { userId: this.config.userId(), redirectUri: need('redirect_uri'), scopes, challenge });
    return { code, state: need('state'), redirectUri: need('redirect_uri') };
  }

  /** The scopes granted with the request's bearer token; null when this server did not issue it. */
  scopesOf(request: SeenRequest): readonly string[] | null {
    return this.grants.scopesOf(request);
  }

  /** The token endpoint: `authorization_code` and `refresh_token` grants, form encoded. */
  readonly token = (call: FakeCall<unknown>) => {
    const refuse = (refusal: OAuthRefusal) => call.send(this.config.errorAnswer(...this.config.refusals[refusal]));
    if (!/^application\/x-www-form-urlencoded/i.test(call.request.headers['content-type'] ?? '')) return refuse('notAForm');
    const form = call.form();
    if (!this.clientAuthenticated(call, form)) return refuse('badClient');
    if (form.get('grant_type') === 'authorization_code') {
      const code = this.grants.codes.get(form.get('code') ?? '');
      if (!code) return refuse('unknownCode');
      if (code.redirectUri !== form.get('redirect_uri')) return refuse('redirectMismatch');
      if (code.challenge !== null && s256(form.get('code_verifier') ?? '') !== code.challenge) return refuse('verifierMismatch');
      this.grants.codes.delete(form.get('code') ?? '');
      return call.answer(200, this.issue('authorization_code', code.userId, code.scopes));
    }
    if (form.get('grant_type') === 'refresh_token') {
      const used = form.get('refresh_token') ?? '';
      const refresh = this.grants.refreshTokens.get(used);
      if (!refresh) return refuse('unknownRefreshToken');
      if (!this.config.rotatesOn(form)) return call.answer(200, this.issue('refresh_token', refresh.userId, refresh.scopes, used));
      this.grants.refreshTokens.delete(used);
      return call.answer(200, this.issue('refresh_token', refresh.userId, refresh.scopes));
    }
    refuse('unsupportedGrant');
  };

  /** Revocation of an access or a refresh token, with the client's credentials. */
  readonly revoke = (call: FakeCall<unknown>) => {
    const form = call.form();
    if (!this.clientAuthenticated(call, form)) return call.send(this.config.errorAnswer(...this.config.refusals.badClient));
    const token = form.get('token') ?? '';
    this.grants.accessTokens.delete(token);
    this.grants.refreshTokens.delete(token);
    this.grants.revoked.push(token);
    call.send(this.config.revokedAnswer ?? { status: 200 });
  };

  /** The consent screen as a page: agrees at once and sends the browser back to the redirect URI with a code. */
  readonly authorizePage = (call: FakeCall<unknown>) => {
    let consented: { code: string; state: string; redirectUri: string };
    try {
      consented = this.consent(call.url.toString());
    } catch (error) {
      return call.send({ status: 400, body: (error as Error).message, contentType: 'text/plain' });
    }
    const back = new URL(consented.redirectUri);
    back.searchParams.set('code', consented.code);
    back.searchParams.set('state', consented.state);
    call.send({ status: 302, headers: { Location: back.toString() } });
  };

  private issue(grantType: IssuedTokens['grantType'], userId: string, scopes: readonly string[], keptRefreshToken?: string): Record<string, unknown> {
    const { accessToken, refreshToken } = this.grants.issueTokens(userId, scopes);
    const refreshable = this.config.refreshTokenScope === undefined || scopes.includes(this.config.refreshTokenScope);
    if (!refreshable || keptRefreshToken !== undefined) this.grants.refreshTokens.delete(refreshToken);
    const handedOut = refreshable ? (keptRefreshToken ?? refreshToken) : null;
    return this.config.tokenAnswer({ grantType, accessToken, refreshToken: handedOut, scopes });
  }

  private clientAuthenticated(call: FakeCall<unknown>, form: URLSearchParams): boolean {
    const { clientId, clientSecret } = this.grants;
    if (this.config.clientAuthentication === 'form')
      return form.get(this.config.clientIdName ?? 'client_id') === clientId && form.get('client_secret') === clientSecret;
    const basic = /^Basic (.+)$/i.exec(call.request.headers.authorization ?? '')?.[1];
    if (basic === undefined) return false;
    // RFC 6749 §2.3.1: each part is form-urlencoded before joining.
    const [id, secret] = Buffer.from(basic, 'base64').toString('utf8').split(':').map(decodeURIComponent);
    return id === clientId && secret === clientSecret;
  }
}
