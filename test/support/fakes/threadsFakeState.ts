import { type FakeAccessToken, OAuthGrants } from './kit/oauthGrants';
import { type SeenRequest } from './kit/RequestChecker';

export type ContainerState = 'IN_PROGRESS' | 'FINISHED' | 'ERROR' | 'EXPIRED' | 'PUBLISHED';

export interface FakeContainer {
  readonly id: string;
  readonly userId: string;
  readonly params: Record<string, string>;
  status: ContainerState;
  errorMessage: string | null;
}

export interface FakeThreadsPost {
  readonly id: string;
  readonly userId: string;
  readonly containerId: string;
  readonly params: Record<string, string>;
  readonly permalink: string;
  readonly createdAt: Date;
}

/** A token's kind and lifetime: Threads' tokens expire on their own clock, and only a day-old long-lived one refreshes. */
export interface TokenLife {
  readonly kind: 'short' | 'long';
  readonly issuedAt: number;
  readonly expiresAt: number;
}

const DAY_MS = 86_400_000;

/**
 * What the fake Threads knows (its OAuth grants among it), for the tests' assertions. Threads
 * takes the user's token as `access_token` in the query or the form, which the grants read too.
 */
export class ThreadsFakeState extends OAuthGrants {
  readonly user = { id: '25079185008401234', username: 'ada.lovelace', name: 'Ada Lovelace', picture: 'https://scontent.example/ada.jpg' };
  /** Threads' clock: token ages and expiries, and the posts' `timestamp`. */
  now: () => Date = () => new Date('2026-11-23T12:00:00Z');
  /** expires_in of the long-lived tokens it issues (60 days). */
  longLifetimeSeconds = 5_183_944;
  /** How an IMAGE container starts: Threads usually has it at once; VIDEO always starts IN_PROGRESS. */
  imageStartsAs: ContainerState = 'FINISHED';
  /** Replies the profile published in the last 24 h as `threads_publishing_limit` counts them; null: the fake's own replies. */
  replyQuotaUsage: number | null = null;
  /** Called once a container is published: a test arms what the next publish does (the lost answer of a thread's reply). */
  afterPublish: () => void = () => undefined;
  readonly lives = new Map<string, TokenLife>();
  readonly containers = new Map<string, FakeContainer>();
  readonly posts: FakeThreadsPost[] = [];
  /** Each post's insights by metric name (a post without an entry counts zeros), and the posts their author deleted. */
  readonly insights = new Map<string, Readonly<Record<string, number>>>();
  readonly deleted = new Set<string>();

  constructor() {
    super('990602627938098', 'fake-threads-app-secret', ['THQV', 'THQR']);
  }

  /** A token of `kind` for the user, `ageMs` old by the fake's clock; Threads gives no refresh token. */
  issue(kind: TokenLife['kind'], scopes: readonly string[], ageMs = 0): string {
    const { accessToken, refreshToken } = this.issueTokens(this.user.id, scopes);
    this.refreshTokens.delete(refreshToken);
    this.recordLife(accessToken, kind, ageMs);
    return accessToken;
  }

  recordLife(accessToken: string, kind: TokenLife['kind'], ageMs = 0): void {
    const issuedAt = this.now().getTime() - ageMs;
    const lifetime = kind === 'short' ? 3600_000 : this.longLifetimeSeconds * 1000;
    this.lives.set(accessToken, { kind, issuedAt, expiresAt: issuedAt + lifetime });
  }

  /** The token a request carries: `access_token` in the query or the form, or `Authorization: Bearer`. */
  tokenIn(request: SeenRequest): string | undefined {
    const form = /^application\/x-www-form-urlencoded/i.test(String(request.headers['content-type'] ?? ''))
      ? new URLSearchParams(request.body.toString('utf8'))
      : null;
    const bearer = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    return request.query.get('access_token') ?? form?.get('access_token') ?? bearer;
  }

  /** Whether a known token has run out on the fake's clock. */
  expiredByTime(accessToken: string): boolean {
    const life = this.lives.get(accessToken);
    return life !== undefined && life.expiresAt <= this.now().getTime();
  }

  override bearerOf(request: SeenRequest): FakeAccessToken | null {
    const token = this.tokenIn(request);
    const known = token === undefined ? undefined : this.accessTokens.get(token);
    return known && !known.expired && !this.expiredByTime(token as string) ? known : null;
  }

  override scopesOf(request: SeenRequest): readonly string[] | null {
    const token = this.tokenIn(request);
    return (token === undefined ? undefined : this.accessTokens.get(token)?.scopes) ?? null;
  }

  /** A long-lived token may be refreshed once a day old and before it expires. */
  refreshable(accessToken: string): boolean {
    const life = this.lives.get(accessToken);
    const now = this.now().getTime();
    return life?.kind === 'long' && now - life.issuedAt >= DAY_MS && now < life.expiresAt;
  }

  /** Threads' media ids are decimal strings. */
  nextId(): string {
    return `1784${String(this.next()).padStart(11, '0')}`;
  }
}
