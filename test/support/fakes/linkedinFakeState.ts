import { OAuthGrants } from './kit/oauthGrants';

export interface StoredImage {
  readonly urn: string;
  readonly owner: string;
  bytes: Buffer | null;
  contentType: string | null;
}

export interface StoredVideo {
  readonly urn: string;
  readonly owner: string;
  readonly size: number;
  readonly uploadToken: string;
  readonly parts: Array<{ readonly path: string; readonly length: number; bytes: Buffer | null; etag: string | null }>;
  status: 'WAITING_UPLOAD' | 'PROCESSING' | 'AVAILABLE' | 'PROCESSING_FAILED';
  /** Finalized with these part ids. */
  finalizedWith: string[] | null;
  /** Status looks still to answer PROCESSING before the video ends AVAILABLE (or PROCESSING_FAILED). */
  processingLooksLeft: number;
  /** Set: processing ends PROCESSING_FAILED with this `processingFailureReason`. */
  failureReason: string | null;
}

export interface StoredPost {
  readonly urn: string;
  readonly body: Record<string, unknown>;
  readonly createdAt: Date;
}

export interface StoredComment {
  readonly id: string;
  readonly postUrn: string;
  readonly body: Record<string, unknown>;
  readonly createdAt: Date;
}

export interface FakeOrganization {
  readonly id: string;
  readonly name: string;
  readonly role: string;
}

/** What the fake LinkedIn knows (its OAuth grants among it), for the tests' assertions. */
export class LinkedInFakeState extends OAuthGrants {
  readonly member = { sub: 'm-4Xa9', name: 'Ada Lovelace', picture: 'https://media.example/ada.jpg' };
  organizations: FakeOrganization[] = [];
  /** Roles per page of `organizationAcls` (LinkedIn pages with `start` and `count`); tests make it small. */
  aclPageSize = 10;
  /** refresh_token_expires_in of the refresh tokens it issues. */
  refreshLifetimeSeconds = 31_536_000;
  readonly images = new Map<string, StoredImage>();
  readonly uploadUrls = new Map<string, string>();
  readonly videos = new Map<string, StoredVideo>();
  /** The part size LinkedIn splits a video upload into (4 MiB); tests make it small. */
  videoPartBytes = 4 * 1024 * 1024;
  /** How many status looks at a finalized video answer PROCESSING before processing ends. */
  videoProcessingLooks = 1;
  /** Set: a video's processing ends PROCESSING_FAILED with this reason, rather than AVAILABLE. */
  videoFailureReason: string | null = null;
  readonly posts: StoredPost[] = [];
  readonly comments: StoredComment[] = [];
  /** Each post's lifetime statistics by LinkedIn's names (likeCount, impressionCount …); zeros where unset. */
  readonly statistics = new Map<string, Record<string, number>>();
  /** LinkedIn's clock, for the posts' and comments' `createdAt`. */
  now: () => Date = () => new Date();

  constructor() {
    super('fake-client-id', 'fake-client-secret', ['AQV-access-', 'AQX-refresh-']);
    // LinkedIn's access tokens live 60 days.
    this.accessLifetimeSeconds = 5_184_000;
  }
}
