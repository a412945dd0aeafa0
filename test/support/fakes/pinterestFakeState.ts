/** What the fake Pinterest knows and what it was sent, for the tests' assertions. */
export interface FakeToken {
  readonly userId: string;
  readonly scopes: readonly string[];
  expired: boolean;
}

export interface ReceivedRequest {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Buffer;
}

export interface FakeBoard {
  readonly id: string;
  readonly name: string;
}

export interface StoredMedia {
  readonly mediaId: string;
  readonly userId: string;
  /** The fields of the upload form it handed out; the upload must send each of them back. */
  readonly fields: Record<string, string>;
  status: 'registered' | 'processing' | 'succeeded' | 'failed';
  bytes: Buffer | null;
  /** How many more status reads stay `processing` once uploaded; then the outcome below. */
  checksUntilDone: number;
  finishesAs: 'succeeded' | 'failed';
}

export interface StoredPin {
  readonly id: string;
  readonly body: Record<string, unknown>;
  /** The images Pinterest fetched from the pin's links, as it got them. */
  readonly fetchedImages: Array<{ readonly url: string; readonly contentType: string; readonly bytes: Buffer }>;
}

export class PinterestFakeState {
  readonly clientId = '1512345';
  readonly clientSecret = 'fake-pinterest-secret';
  readonly account = {
    id: '549755885175',
    username: 'ada_pins',
    business_name: 'Ada Lovelace',
    account_type: 'BUSINESS',
    profile_image: 'https://i.pinimg.com/600x600_R/ada.jpg',
  };
  boards: FakeBoard[] = [
    { id: '549755885175', name: 'Engines' },
    { id: '549755885176', name: 'Notes' },
  ];
  /** Boards per page of `GET /v5/boards`; tests make it small to see the bookmark followed. */
  boardsPageSize = 25;
  /** expires_in and refresh_token_expires_in of the tokens it issues. */
  accessLifetimeSeconds = 2_592_000;
  refreshLifetimeSeconds = 31_536_000;
  readonly codes = new Map<string, { redirectUri: string; scopes: string[] }>();
  readonly accessTokens = new Map<string, FakeToken>();
  readonly refreshTokens = new Map<string, { userId: string; scopes: string[] }>();
  readonly media = new Map<string, StoredMedia>();
  /** Status reads an uploaded video stays `processing` for, and how it ends. */
  videoChecksUntilDone = 1;
  videoFinishesAs: 'succeeded' | 'failed' = 'succeeded';
  readonly pins: StoredPin[] = [];
  readonly received: ReceivedRequest[] = [];
  private counter = 1000;

  next(): number {
    this.counter += 1;
    return this.counter;
  }

  issueTokens(userId: string, scopes: string[]): { accessToken: string; refreshToken: string } {
    const n = this.next();
    const accessToken = `pina_access${n}`;
    const refreshToken = `pinr_refresh${n}`;
    this.accessTokens.set(accessToken, { userId, scopes, expired: false });
    this.refreshTokens.set(refreshToken, { userId, scopes });
    return { accessToken, refreshToken };
  }
}
