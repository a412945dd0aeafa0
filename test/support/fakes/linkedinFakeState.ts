/** What the fake LinkedIn knows and what it was sent, for the tests' assertions. */
export interface FakeToken {
  readonly memberId: string;
  readonly scopes: readonly string[];
  expired: boolean;
}

export interface ReceivedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Buffer;
}

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
}

export interface StoredComment {
  readonly id: string;
  readonly postUrn: string;
  readonly body: Record<string, unknown>;
}

export interface FakeOrganization {
  readonly id: string;
  readonly name: string;
  readonly role: string;
}

export class LinkedInFakeState {
  readonly clientId = 'fake-client-id';
  readonly clientSecret = 'fake-client-secret';
  readonly member = { sub: 'm-4Xa9', name: 'Ada Lovelace', picture: 'https://media.example/ada.jpg' };
  organizations: FakeOrganization[] = [];
  /** expires_in and refresh_token_expires_in of the tokens it issues. */
  accessLifetimeSeconds = 5_184_000;
  refreshLifetimeSeconds = 31_536_000;
  readonly codes = new Map<string, { redirectUri: string; scopes: string[] }>();
  readonly accessTokens = new Map<string, FakeToken>();
  readonly refreshTokens = new Map<string, { memberId: string; scopes: string[] }>();
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
  readonly received: ReceivedRequest[] = [];
  readonly revoked: string[] = [];
  private counter = 1000;

  next(): number {
    this.counter += 1;
    return this.counter;
  }

  issueTokens(memberId: string, scopes: string[]): { accessToken: string; refreshToken: string } {
    const n = this.next();
    const accessToken = `AQV-access-${n}`;
    const refreshToken = `AQX-refresh-${n}`;
    this.accessTokens.set(accessToken, { memberId, scopes, expired: false });
    this.refreshTokens.set(refreshToken, { memberId, scopes });
    return { accessToken, refreshToken };
  }
}
