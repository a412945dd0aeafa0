import { OAuthGrants } from './kit/oauthGrants';

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
  readonly createdAt: Date;
  /** The images Pinterest fetched from the pin's links, as it got them. */
  readonly fetchedImages: Array<{ readonly url: string; readonly contentType: string; readonly bytes: Buffer }>;
}

/** What the fake Pinterest knows (its OAuth grants among it), for the tests' assertions. */
export class PinterestFakeState extends OAuthGrants {
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
  /** refresh_token_expires_in of the refresh tokens it issues. */
  refreshLifetimeSeconds = 31_536_000;
  readonly media = new Map<string, StoredMedia>();
  /** Status reads an uploaded video stays `processing` for, and how it ends. */
  videoChecksUntilDone = 1;
  videoFinishesAs: 'succeeded' | 'failed' = 'succeeded';
  readonly pins: StoredPin[] = [];
  /** Each pin's figures so far by Pinterest's metric names (IMPRESSION, SAVE, TOTAL_COMMENTS …); 0 where unset. */
  readonly pinFigures = new Map<string, Record<string, number>>();
  /** Whether it fetches a pin's image links, as Pinterest does; off where the links point at no server (the engine's harness serves none). */
  fetchesImages = true;
  /** Pinterest's clock, for the pins' `created_at`: a test running the engine on a fixed clock sets it to that. */
  now: () => Date = () => new Date();

  constructor() {
    super('1512345', 'fake-pinterest-secret', ['pina_access', 'pinr_refresh']);
    this.accessLifetimeSeconds = 2_592_000;
  }
}
