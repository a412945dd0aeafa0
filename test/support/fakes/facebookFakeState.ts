import { OAuthGrants } from './kit/oauthGrants';

export interface FakePage {
  readonly id: string;
  readonly name: string;
  readonly tasks: readonly string[];
}

export interface StoredPhoto {
  readonly id: string;
  readonly pageId: string;
  readonly url: string;
  readonly published: boolean;
  readonly contentType: string;
  readonly altText: string | null;
  readonly caption: string | null;
}

export interface StoredVideo {
  readonly id: string;
  readonly pageId: string;
  readonly fileUrl: string;
  readonly description: string | null;
  readonly createdAt: Date;
  /** Status checks answered `processing` before it is `ready` (or `error`). */
  checksLeft: number;
  outcome: 'ready' | 'error';
}

export interface StoredPost {
  readonly id: string;
  readonly pageId: string;
  readonly message: string | null;
  readonly photoIds: readonly string[];
  /** The video the post shows, once Facebook processed it. */
  readonly videoId?: string;
  readonly createdAt: Date;
}

export interface StoredComment {
  readonly id: string;
  readonly objectId: string;
  readonly pageId: string;
  readonly message: string;
  readonly createdAt: Date;
}

/** A post's (or a video's) engagement as Facebook counts it; views and clicks are its Page insights. */
export interface PostEngagement {
  readonly reactions: number;
  readonly comments: number;
  readonly shares: number;
  readonly mediaViews: number;
  readonly clicks: number;
}

/** What the connector's Login dialog asks for: what a person who allows everything grants. */
export const ALL_SCOPES = ['pages_show_list', 'pages_manage_posts', 'pages_read_engagement', 'pages_manage_engagement', 'read_insights'];

/** What the fake Graph API knows (its tokens among it: the person's, short- or long-lived, and the Pages'), for the tests' assertions. */
export class FacebookFakeState extends OAuthGrants {
  readonly user = { id: '10158000001', name: 'Ada Lovelace', picture: 'https://scontent.example/ada.jpg' };
  pages: FakePage[] = [
    { id: '104400000001', name: 'Dispatch Café', tasks: ['ADVERTISE', 'ANALYZE', 'CREATE_CONTENT', 'MESSAGING', 'MODERATE', 'MANAGE'] },
    { id: '104400000002', name: 'Read-only Page', tasks: ['ANALYZE'] },
  ];
  /** expires_in of long-lived user tokens (about 60 days) and short-lived ones (hours). */
  longLivedSeconds = 5_183_944;
  shortLivedSeconds = 5_400;
  videoChecksBeforeReady = 1;
  /** The permissions the person unticks on the Login dialog. */
  declined: string[] = [];
  /** The person's long-lived tokens (the others are short-lived). */
  readonly longLived = new Set<string>();
  /** Page token → Page id. */
  readonly pageTokens = new Map<string, string>();
  readonly photos = new Map<string, StoredPhoto>();
  readonly videos = new Map<string, StoredVideo>();
  readonly posts: StoredPost[] = [];
  readonly comments: StoredComment[] = [];
  readonly revokedFor: string[] = [];
  /** Engagement per post or video id (none: zeros), the ids deleted since, and whether the Page has insights (100 likes or more). */
  readonly engagement = new Map<string, PostEngagement>();
  readonly deleted = new Set<string>();
  pageHasInsights = true;
  /** Facebook's clock, for what it stores; a test running the engine on a fixed clock sets it to that. */
  now: () => Date = () => new Date();

  constructor() {
    super('1234567890', 'fake-app-secret', ['EAAB', 'EAABunused']);
  }

  nextId(): string {
    return String(this.next() + 5000);
  }

  /** A token of the person's, carrying what they granted. */
  issueUserToken(longLived: boolean, granted: readonly string[] = ALL_SCOPES): string {
    const { accessToken, refreshToken } = this.issueTokens(this.user.id, ['public_profile', ...granted]);
    this.refreshTokens.delete(refreshToken);
    if (longLived) this.longLived.add(accessToken);
    return accessToken;
  }

  /** The Page's token, asked for with the person's: it carries the person's permissions. */
  issuePageToken(pageId: string, granted: readonly string[]): string {
    const { accessToken, refreshToken } = this.issueTokens(this.user.id, granted);
    this.refreshTokens.delete(refreshToken);
    this.pageTokens.set(accessToken, pageId);
    return accessToken;
  }
}
