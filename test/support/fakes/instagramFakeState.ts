/** What the fake Instagram knows and what it was sent, for the tests' assertions. */
export interface FakeIgToken {
  readonly kind: 'short' | 'long';
  readonly userId: string;
  readonly scopes: readonly string[];
  expired: boolean;
}

export interface ReceivedRequest {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly body: Buffer;
}

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
}

export interface FakeComment {
  readonly id: string;
  readonly mediaId: string;
  readonly message: string;
}

export class InstagramFakeState {
  readonly clientId = '990602627938098';
  readonly clientSecret = 'fake-instagram-app-secret';
  readonly account = { userId: '17841405822304914', username: 'ada.builds', name: 'Ada Lovelace', picture: 'https://media.example/ada.jpg' };
  /** expires_in of the short- and long-lived tokens it issues. */
  shortLifetimeSeconds = 3600;
  longLifetimeSeconds = 5_184_000;
  /** How many status reads a video container answers IN_PROGRESS before FINISHED. */
  videoChecksBeforeFinished = 1;
  /** The same for an image (Instagram usually has one FINISHED at once, but may still be fetching it). */
  imageChecksBeforeFinished = 0;
  /** When set, the next video container ends in ERROR with this `status`. */
  nextVideoError: string | null = null;
  /** Posts per 24 h through the API (content_publishing_limit). */
  publishingLimit = 50;
  readonly codes = new Map<string, { redirectUri: string; scopes: string[] }>();
  readonly tokens = new Map<string, FakeIgToken>();
  readonly containers = new Map<string, FakeContainer>();
  readonly media: FakeMedia[] = [];
  readonly comments: FakeComment[] = [];
  readonly received: ReceivedRequest[] = [];
  private counter = 17_895_000_000_000;

  nextId(): string {
    this.counter += 1;
    return String(this.counter);
  }

  issueToken(kind: 'short' | 'long', scopes: readonly string[]): string {
    const token = `${kind === 'short' ? 'IGQWRshort' : 'IGAAlong'}-${this.nextId()}`;
    this.tokens.set(token, { kind, userId: this.account.userId, scopes, expired: false });
    return token;
  }
}
