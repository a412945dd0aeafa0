import { OAuthGrants } from './kit/oauthGrants';

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

/** The scopes the connector's consent URL asks for: what a finished connection's tokens carry. */
export const CONNECTED_SCOPES = ['user.info.basic', 'user.info.profile', 'video.publish'];

/** What the fake TikTok knows (its OAuth grants among it) and what it was sent, for the tests' assertions. */
export class TikTokFakeState extends OAuthGrants {
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
  /** refresh_expires_in of the tokens it issues (expires_in is `accessLifetimeSeconds`). */
  refreshLifetimeSeconds = 31_536_000;
  /** TikTok's chunk rules (its media transfer guide). */
  readonly minChunkBytes = 5 * MB;
  readonly maxChunkBytes = 64 * MB;
  /** Domains verified for the app, which PULL_FROM_URL may fetch from. */
  verifiedDomains: string[] = ['media.example'];
  /** The status steps of the next publishes, taken one per status fetch; none left: PUBLISH_COMPLETE. */
  statusSteps: StatusStep[] = [];
  readonly publishes = new Map<string, FakePublish>();
  /** The creator's public videos by id, with their counts by TikTok's names (like_count …); a private or deleted one is not here. */
  readonly publicVideos = new Map<string, Record<string, number>>();

  constructor() {
    super('fake-client-key', 'fake-client-secret', ['act.fake-', 'rft.fake-']);
    this.accessLifetimeSeconds = 86_400;
  }

  /** TikTok calls the app's id its client key. */
  get clientKey(): string {
    return this.clientId;
  }

  /** A public post's id: 64-bit, past what a JSON number keeps exactly. */
  postIdFor(publish: FakePublish): string {
    publish.postId ??= `73${String(this.next()).padStart(17, '0')}`;
    return publish.postId;
  }
}
