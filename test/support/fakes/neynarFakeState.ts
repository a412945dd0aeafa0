import { mnemonicToAccount } from 'viem/accounts';

/** A Farcaster account the fake knows. */
export interface FakeUser {
  readonly fid: number;
  readonly username: string;
  readonly display_name: string;
  readonly pfp_url: string;
}

export interface FakeSigner {
  readonly signer_uuid: string;
  readonly public_key: `0x${string}`;
  status: 'generated' | 'pending_approval' | 'approved' | 'revoked';
  signer_approval_url?: string;
  fid?: number;
  /** The signed key request's deadline, once registered. */
  deadline?: number;
}

export interface StoredCast {
  readonly hash: string;
  readonly fid: number;
  readonly body: Record<string, unknown>;
  readonly createdAt: Date;
}

/** A well-known development phrase: the app account's custody key in the tests, never a real one. */
export const APP_MNEMONIC = 'test test test test test test test test test test test junk';

/** What the fake Neynar knows, for the tests' assertions. */
export class NeynarFakeState {
  readonly apiKey = 'NEYNAR_FAKE_KEY';
  readonly appFid = 9152;
  /** The custody address of the app's fid, as Farcaster's id registry would have it. */
  readonly custodyAddress = mnemonicToAccount(APP_MNEMONIC).address;
  readonly users = new Map<number, FakeUser>([[4242, { fid: 4242, username: 'ada', display_name: 'Ada Lovelace', pfp_url: 'https://i.example/ada.png' }]]);
  readonly signers = new Map<string, FakeSigner>();
  readonly casts: StoredCast[] = [];
  /** Casts by signer and idem key: a repeated key answers the cast it made. */
  readonly byIdem = new Map<string, StoredCast>();
  /** Likes and recasts each cast has had (none where unset); its replies are the casts answering it. */
  readonly reactions = new Map<string, { likes: number; recasts: number }>();
  /** Farcaster's clock, for the casts' `timestamp`: a test running the engine on a fixed clock sets it to that. */
  now: () => Date = () => new Date();
  private counter = 1000;

  next(): number {
    this.counter += 1;
    return this.counter;
  }

  hex(bytes: number): `0x${string}` {
    const n = this.next().toString(16);
    return `0x${n.padStart(bytes * 2, 'a')}` as `0x${string}`;
  }
}
