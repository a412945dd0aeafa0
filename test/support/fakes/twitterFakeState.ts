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

/** What the fake X knows (its OAuth grants among it), for the tests' assertions. */
export class TwitterFakeState extends OAuthGrants {
  readonly user = { id: '1460000000000000001', username: 'ada_dispatch', name: 'Ada Lovelace', profile_image_url: 'https://pbs.example/ada.jpg' };
  /** check_after_secs X answers while processing a video, and how many STATUS looks it takes. */
  checkAfterSecs = 7;
  processingLooks = 1;
  readonly media = new Map<string, StoredMedia>();
  readonly tweets: StoredTweet[] = [];
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
}
