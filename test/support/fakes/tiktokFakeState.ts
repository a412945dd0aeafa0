/** What the fake TikTok knows and what it was sent, for the tests' assertions. */
export interface FakeToken {
  readonly openId: string;
  readonly scopes: readonly string[];
}

export interface ReceivedRequest {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Buffer;
}

/** One post in the making, from its init to its status. */
export interface FakePublish {
  readonly publishId: string;
  readonly kind: 'video' | 'photo';
  readonly postInfo: Record<string, unknown>;
  readonly sourceInfo: Record<string, unknown>;
  /** FILE_UPLOAD only: the token of its upload_url, and the chunks received so far. */
  readonly uploadToken: string | null;
  readonly chunks: Buffer[];
  readonly chunkRanges: string[];
  /** The post's id once TikTok has published it publicly (a 19-digit number). */
  postId: string | null;
}

/** A step of a publish's status, in the order the status endpoint reports them once the upload is complete. */
export type StatusStep =
  | { readonly status: 'PROCESSING_UPLOAD' | 'PROCESSING_DOWNLOAD' | 'PUBLISH_COMPLETE' }
  | { readonly status: 'FAILED'; readonly failReason: string };

const MB = 1024 * 1024;

export class TikTokFakeState {
  readonly clientKey = 'fake-client-key';
  readonly clientSecret = 'fake-client-secret';
  readonly creator = {
    openId: 'open-7Qz',
    unionId: 'union-7Qz',
    username: 'ada.codes',
    displayName: 'Ada',
    avatarUrl: 'https://p16.tiktokcdn.example/ada.jpeg',
  };
  /** What creator_info/query answers: an audited app's creator, all levels offered. */
  creatorInfo = {
    privacy_level_options: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY'],
    comment_disabled: false,
    duet_disabled: false,
    stitch_disabled: false,
    max_video_post_duration_sec: 600,
  };
  /** expires_in and refresh_expires_in of the tokens it issues. */
  accessLifetimeSeconds = 86_400;
  refreshLifetimeSeconds = 31_536_000;
  /** TikTok's chunk rules (its media transfer guide). */
  readonly minChunkBytes = 5 * MB;
  readonly maxChunkBytes = 64 * MB;
  /** Domains verified for the app, which PULL_FROM_URL may fetch from. */
  verifiedDomains: string[] = ['media.example'];
  /** The status steps of the next publishes, taken one per status fetch; none left: PUBLISH_COMPLETE. */
  statusSteps: StatusStep[] = [];
  readonly codes = new Map<string, { redirectUri: string; scopes: string[] }>();
  readonly accessTokens = new Map<string, FakeToken>();
  readonly refreshTokens = new Map<string, FakeToken>();
  readonly publishes = new Map<string, FakePublish>();
  readonly received: ReceivedRequest[] = [];
  readonly revoked: string[] = [];
  private counter = 1000;

  next(): number {
    this.counter += 1;
    return this.counter;
  }

  issueTokens(openId: string, scopes: readonly string[]): { accessToken: string; refreshToken: string } {
    const n = this.next();
    const accessToken = `act.fake-${n}`;
    const refreshToken = `rft.fake-${n}`;
    this.accessTokens.set(accessToken, { openId, scopes });
    this.refreshTokens.set(refreshToken, { openId, scopes });
    return { accessToken, refreshToken };
  }

  /** A public post's id: 64-bit, past what a JSON number keeps exactly. */
  postIdFor(publish: FakePublish): string {
    publish.postId ??= `73${String(this.next()).padStart(17, '0')}`;
    return publish.postId;
  }
}
