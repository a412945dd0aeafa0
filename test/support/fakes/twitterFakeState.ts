/** What the fake X knows and what it was sent, for the tests' assertions. */
export interface FakeXToken {
  readonly userId: string;
  readonly scopes: readonly string[];
  expired: boolean;
}

export interface ReceivedXRequest {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Buffer;
}

export interface StoredMedia {
  readonly id: string;
  readonly category: string;
  readonly mediaType: string;
  readonly totalBytes: number;
  readonly segments: Map<number, Buffer>;
  bytes: Buffer | null;
  state: 'uploading' | 'pending' | 'in_progress' | 'succeeded' | 'failed';
  /** STATUS looks that still answer "in progress" before the media is ready. */
  looksUntilReady: number;
  altText?: string;
}

export interface StoredTweet {
  readonly id: string;
  readonly authorId: string;
  readonly body: Record<string, unknown>;
}

export class TwitterFakeState {
  readonly clientId = 'fake-x-client-id';
  readonly clientSecret = 'fake-x-client-secret';
  readonly user = { id: '1460000000000000001', username: 'ada_dispatch', name: 'Ada Lovelace', profile_image_url: 'https://pbs.example/ada.jpg' };
  /** expires_in of the access tokens it issues (X: two hours). */
  accessLifetimeSeconds = 7200;
  /** check_after_secs X answers while processing a video, and how many STATUS looks it takes. */
  checkAfterSecs = 7;
  processingLooks = 1;
  readonly codes = new Map<string, { redirectUri: string; scopes: string[]; challenge: string }>();
  readonly accessTokens = new Map<string, FakeXToken>();
  readonly refreshTokens = new Map<string, { userId: string; scopes: string[] }>();
  readonly media = new Map<string, StoredMedia>();
  readonly tweets: StoredTweet[] = [];
  readonly received: ReceivedXRequest[] = [];
  readonly revoked: string[] = [];
  private counter = 1000;

  next(): number {
    this.counter += 1;
    return this.counter;
  }

  /** X's ids are decimal strings of up to 19 digits. */
  nextId(): string {
    return `1880028106020${String(this.next()).padStart(6, '0')}`;
  }

  issueTokens(userId: string, scopes: string[]): { accessToken: string; refreshToken: string } {
    const n = this.next();
    const accessToken = `x-access-${n}`;
    const refreshToken = `x-refresh-${n}`;
    this.accessTokens.set(accessToken, { userId, scopes, expired: false });
    this.refreshTokens.set(refreshToken, { userId, scopes });
    return { accessToken, refreshToken };
  }
}
