import { type FakeCall } from './fakeCall';
import { type SeenRequest } from './RequestChecker';
import { type Answer } from './scriptedAnswers';

export interface FakeAccessToken {
  readonly userId: string;
  /** The scopes the connect flow asked for, kept with the token so each request's scopes can be checked. */
  readonly scopes: readonly string[];
  expired: boolean;
}

export interface FakeRefreshToken {
  readonly userId: string;
  readonly scopes: readonly string[];
}

/** A code handed back by the consent screen: good once, for its redirect URI (and PKCE challenge). */
export interface FakeCode {
  readonly userId: string;
  readonly redirectUri: string;
  readonly scopes: readonly string[];
  /** The S256 challenge the authorize URL sent; null where the platform has no PKCE. */
  readonly challenge: string | null;
}

/**
 * What a platform's OAuth 2.0 authorization server knows: the app's client credentials, the
 * codes its consent screen handed out, the tokens it issued (each with the scopes granted) and
 * what was revoked. A platform fake's state extends it.
 */
export class OAuthGrants {
  /** `expires_in` of the access tokens it issues. */
  accessLifetimeSeconds = 3600;
  readonly codes = new Map<string, FakeCode>();
  readonly accessTokens = new Map<string, FakeAccessToken>();
  readonly refreshTokens = new Map<string, FakeRefreshToken>();
  /** Every token revoked, in order. */
  readonly revoked: string[] = [];
  private counter = 1000;

  constructor(
    readonly clientId: string,
    readonly clientSecret: string,
    /** Token prefixes, so a test reads whose token it holds: `['x-access-', 'x-refresh-']`. */
    private readonly prefixes: readonly [access: string, refresh: string],
  ) {}

  next(): number {
    this.counter += 1;
    return this.counter;
  }

  /** An access token and a refresh token for `userId`, carrying `scopes`. */
  issueTokens(userId: string, scopes: readonly string[]): { accessToken: string; refreshToken: string } {
    const n = this.next();
    const accessToken = `${this.prefixes[0]}${n}`;
    const refreshToken = `${this.prefixes[1]}${n}`;
    this.accessTokens.set(accessToken, { userId, scopes: [...scopes], expired: false });
    this.refreshTokens.set(refreshToken, { userId, scopes: [...scopes] });
    return { accessToken, refreshToken };
  }

  expire(accessToken: string): void {
    const token = this.accessTokens.get(accessToken);
    if (token) token.expired = true;
  }

  /** The live access token of the request's `Authorization: Bearer`, if it is one this server issued. */
  bearerOf(request: SeenRequest): FakeAccessToken | null {
    const token = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const known = token === undefined ? undefined : this.accessTokens.get(token);
    return known && !known.expired ? known : null;
  }

  /** The scopes granted with the request's bearer token (expired or not); null when it is not one this server issued. */
  scopesOf(request: SeenRequest): readonly string[] | null {
    const token = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    return (token === undefined ? undefined : this.accessTokens.get(token)?.scopes) ?? null;
  }
}

/**
 * The live token the request carries, or `unauthorized` (the platform's 401) answered. Which
 * scopes an operation needs is the description's to say: the fake's checker holds every request
 * to them, so a handler need not.
 */
export function liveTokenOf(call: FakeCall<OAuthGrants>, unauthorized: Answer): FakeAccessToken | null {
  const token = call.state.bearerOf(call.request);
  if (!token) call.send(unauthorized);
  return token;
}
