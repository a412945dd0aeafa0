import { OAuthGrants } from './kit/oauthGrants';

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
  readonly createdAt: Date;
}

/** A tweet's engagement as X counts it: `public_metrics` (the description's names) and what only its author sees. */
export interface TweetFigures {
  readonly public: { like_count: number; repost_count: number; reply_count: number; quote_count: number; bookmark_count: number; impression_count: number };
  /** `url_link_clicks` is absent for a tweet without a link. */
  readonly nonPublic: { impression_count: number; user_profile_clicks: number; url_link_clicks?: number };
}

/** X's epoch in its snowflake ids: an id carries its tweet's creation time in milliseconds since it, shifted by 22 bits. */
export const SNOWFLAKE_EPOCH_MS = 1288834974657;

/** What the fake X knows (its OAuth grants among it), for the tests' assertions. */
export class TwitterFakeState extends OAuthGrants {
  readonly user = { id: '1460000000000000001', username: 'ada_dispatch', name: 'Ada Lovelace', profile_image_url: 'https://pbs.example/ada.jpg' };
  /** check_after_secs X answers while processing a video, and how many STATUS looks it takes. */
  checkAfterSecs = 7;
  processingLooks = 1;
  readonly media = new Map<string, StoredMedia>();
  readonly tweets: StoredTweet[] = [];
  /** Engagement per tweet id (a tweet without an entry has none yet), and the tweets their author deleted. */
  readonly figures = new Map<string, TweetFigures>();
  readonly deleted = new Set<string>();
  /** X's clock, for the tweets' `created_at`: a test running the engine on a fixed clock sets it to that. */
  now: () => Date = () => new Date();

  constructor() {
    super('fake-x-client-id', 'fake-x-client-secret', ['x-access-', 'x-refresh-']);
    // X's access tokens live two hours.
    this.accessLifetimeSeconds = 7200;
  }

  /** X's ids are decimal strings of up to 19 digits. */
  nextId(): string {
    return `1880028106020${String(this.next()).padStart(6, '0')}`;
  }

  /** A tweet's id as X makes it: a snowflake of its creation time (what X's own 30-day limit of private metrics is counted from). */
  tweetId(createdAt: Date): string {
    return String((BigInt(createdAt.getTime() - SNOWFLAKE_EPOCH_MS) << 22n) + BigInt(this.next()));
  }
}
