/** What the fake Threads knows and what it was sent, for the tests' assertions. */
export interface FakeThreadsToken {
  readonly userId: string;
  readonly kind: 'short' | 'long';
  readonly scopes: readonly string[];
  readonly issuedAt: number;
  readonly expiresAt: number;
  invalid: boolean;
}

export interface ThreadsReceived {
  readonly method: string;
  readonly path: string;
  /** The query and form parameters together, as Meta reads them. */
  readonly params: Record<string, string>;
  readonly headers: Record<string, string | string[] | undefined>;
}

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
  readonly containerId: string;
  readonly params: Record<string, string>;
  readonly permalink: string;
}

const DAY_MS = 86_400_000;

export class ThreadsFakeState {
  readonly clientId = '990602627938098';
  readonly clientSecret = 'fake-threads-app-secret';
  readonly user = { id: '25079185008401234', username: 'ada.lovelace', name: 'Ada Lovelace', picture: 'https://scontent.example/ada.jpg' };
  /** The fake's clock, in milliseconds: token ages and expiries are counted on it. */
  now = Date.parse('2026-11-23T12:00:00Z');
  /** expires_in of the long-lived tokens it issues (60 days). */
  longLifetimeSeconds = 5_183_944;
  /** How an IMAGE container starts: Threads usually has it at once; VIDEO always starts IN_PROGRESS. */
  imageStartsAs: ContainerState = 'FINISHED';
  readonly codes = new Map<string, { redirectUri: string; scopes: string[] }>();
  readonly tokens = new Map<string, FakeThreadsToken>();
  readonly containers = new Map<string, FakeContainer>();
  readonly posts: FakeThreadsPost[] = [];
  readonly received: ThreadsReceived[] = [];
  private counter = 17_841_000;

  next(): string {
    this.counter += 1;
    return String(this.counter);
  }

  issue(kind: 'short' | 'long', scopes: readonly string[], ageMs = 0): string {
    const token = `THQV${kind === 'short' ? 'S' : 'L'}${this.next()}`;
    const lifetime = kind === 'short' ? 3600_000 : this.longLifetimeSeconds * 1000;
    const issuedAt = this.now - ageMs;
    this.tokens.set(token, { userId: this.user.id, kind, scopes, issuedAt, expiresAt: issuedAt + lifetime, invalid: false });
    return token;
  }

  /** A long-lived token may be refreshed once a day old and before it expires. */
  refreshable(token: FakeThreadsToken): boolean {
    return token.kind === 'long' && this.now - token.issuedAt >= DAY_MS && this.now < token.expiresAt;
  }
}
