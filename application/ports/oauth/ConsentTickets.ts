import { type Scope } from '../../../domain/credential/Scope';

/**
 * A validated authorization request waiting on the consent page: made only for a signed-in
 * person, single use, short-lived. The page's form carries its id, so finalize trusts nothing
 * else the browser sends back but the person's choices.
 */
export interface ConsentTicket {
  readonly idHash: string;
  readonly userId: string;
  readonly clientId: string;
  readonly redirectUri: string;
  readonly state: string | null;
  readonly codeChallenge: string;
  readonly resource: string;
  readonly requestedScopes: readonly Scope[];
  readonly expiresAt: Date;
}

export interface ConsentTickets {
  save(ticket: ConsentTicket): Promise<void>;
  /** The ticket, removed in the same step (a replayed form finds nothing); null when unknown. */
  take(idHash: string): Promise<ConsentTicket | null>;
  /** Removes the tickets that expired before `before`; returns how many. */
  sweep(before: Date): Promise<number>;
}
