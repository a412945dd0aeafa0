/** What the fake Graph API knows and what it was sent, for the tests' assertions. */
export interface UserToken {
  readonly userId: string;
  readonly longLived: boolean;
  /** Permissions the person granted on the consent dialog. */
  readonly granted: readonly string[];
  expired: boolean;
}

export interface FakePage {
  readonly id: string;
  readonly name: string;
  readonly tasks: readonly string[];
}

export interface ReceivedRequest {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly params: Record<string, unknown>;
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
  /** Status checks answered `processing` before it is `ready` (or `error`). */
  checksLeft: number;
  outcome: 'ready' | 'error';
}

export interface StoredPost {
  readonly id: string;
  readonly pageId: string;
  readonly message: string | null;
  readonly photoIds: readonly string[];
}

export interface StoredComment {
  readonly id: string;
  readonly objectId: string;
  readonly pageId: string;
  readonly message: string;
}

export const ALL_SCOPES = ['pages_show_list', 'pages_manage_posts', 'pages_read_engagement'];

export class FacebookFakeState {
  readonly clientId = '1234567890';
  readonly clientSecret = 'fake-app-secret';
  readonly user = { id: '10158000001', name: 'Ada Lovelace', picture: 'https://scontent.example/ada.jpg' };
  pages: FakePage[] = [
    { id: '104400000001', name: 'Dispatch Café', tasks: ['ADVERTISE', 'ANALYZE', 'CREATE_CONTENT', 'MESSAGING', 'MODERATE', 'MANAGE'] },
    { id: '104400000002', name: 'Read-only Page', tasks: ['ANALYZE'] },
  ];
  /** expires_in of long-lived user tokens (about 60 days) and short-lived ones (hours). */
  longLivedSeconds = 5_183_944;
  shortLivedSeconds = 5_400;
  videoChecksBeforeReady = 1;
  readonly codes = new Map<string, { redirectUri: string; granted: string[] }>();
  readonly userTokens = new Map<string, UserToken>();
  /** Page token → Page id. */
  readonly pageTokens = new Map<string, string>();
  readonly photos = new Map<string, StoredPhoto>();
  readonly videos = new Map<string, StoredVideo>();
  readonly posts: StoredPost[] = [];
  readonly comments: StoredComment[] = [];
  readonly received: ReceivedRequest[] = [];
  readonly revokedFor: string[] = [];
  private counter = 5000;

  next(): string {
    this.counter += 1;
    return String(this.counter);
  }

  issueUserToken(longLived: boolean, granted: readonly string[] = ALL_SCOPES): string {
    const token = `EAAB${longLived ? 'long' : 'short'}${this.next()}`;
    this.userTokens.set(token, { userId: this.user.id, longLived, granted, expired: false });
    return token;
  }
}
