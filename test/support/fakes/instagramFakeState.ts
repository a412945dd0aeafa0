import { OAuthGrants } from './kit/oauthGrants';
import { type SeenRequest } from './kit/RequestChecker';

export interface FakeContainer {
  readonly id: string;
  readonly userId: string;
  readonly params: Record<string, string>;
  readonly carouselItem: boolean;
  /** Status reads left before a video is FINISHED. */
  checksLeft: number;
  statusCode: 'EXPIRED' | 'ERROR' | 'FINISHED' | 'IN_PROGRESS' | 'PUBLISHED';
  status: string;
  /** What Instagram fetched from image_url or video_url. */
  readonly fetched: { readonly contentType: string; readonly bytes: number } | null;
  /** The `status` it ends with, in ERROR, once processed. */
  readonly failure: string | null;
}

export interface FakeMedia {
  readonly id: string;
  readonly containerId: string;
  readonly permalink: string;
  readonly createdAt: Date;
}

export interface FakeComment {
  readonly id: string;
  readonly mediaId: string;
  readonly message: string;
  readonly createdAt: Date;
}

/** What the connector's consent screen asks for: what a finished connection's token carries. */
export const ALL_SCOPES = [
  'instagram_business_basic',
  'instagram_business_content_publish',
  'instagram_business_manage_comments',
  'instagram_business_manage_insights',
];

/** What the fake Instagram knows (its OAuth grants among it) and what it made, for the tests' assertions. */
export class InstagramFakeState extends OAuthGrants {
  readonly account = { userId: '17841405822304914', username: 'ada.builds', name: 'Ada Lovelace', picture: 'https://media.example/ada.jpg' };
  /** expires_in of the long-lived tokens it issues. */
  longLifetimeSeconds = 5_184_000;
  /** How many status reads a video container answers IN_PROGRESS before FINISHED. */
  videoChecksBeforeFinished = 1;
  /** The same for an image (Instagram usually has one FINISHED at once, but may still be fetching it). */
  imageChecksBeforeFinished = 0;
  /** When set, the next video container ends in ERROR with this `status`. */
  nextVideoError: string | null = null;
  /** Posts per 24 h through the API (content_publishing_limit). */
  publishingLimit = 100;
  /** Short-lived tokens (from a code) and long-lived ones (exchanged or refreshed). */
  readonly kinds = new Map<string, 'short' | 'long'>();
  readonly containers = new Map<string, FakeContainer>();
  readonly media: FakeMedia[] = [];
  readonly comments: FakeComment[] = [];
  /** Each post's insights by metric name (a post without an entry counts zeros), the posts deleted, and those too little seen for insights. */
  readonly insights = new Map<string, Readonly<Record<string, number>>>();
  readonly deleted = new Set<string>();
  readonly tooFewViewers = new Set<string>();
  /** Instagram's clock, for the media's `timestamp`: a test running the engine on a fixed clock sets it to that. */
  now: () => Date = () => new Date();
  private idCounter = 17_895_000_000_000;

  constructor() {
    super('990602627938098', 'fake-instagram-app-secret', ['IGAA', 'IGAAunused']);
  }

  nextId(): string {
    this.idCounter += 1;
    return String(this.idCounter);
  }

  issueToken(kind: 'short' | 'long', scopes: readonly string[]): string {
    const { accessToken, refreshToken } = this.issueTokens(this.account.userId, scopes);
    this.refreshTokens.delete(refreshToken);
    this.kinds.set(accessToken, kind);
    return accessToken;
  }

  /** Instagram's calls carry the token as `access_token` in the query (Meta's reference shows every call so), or as a Bearer header. */
  override scopesOf(request: SeenRequest): readonly string[] | null {
    const token = request.query.get('access_token');
    return token === null ? super.scopesOf(request) : (this.accessTokens.get(token)?.scopes ?? null);
  }
}
