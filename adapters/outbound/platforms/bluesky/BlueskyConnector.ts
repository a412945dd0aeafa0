import { type GrantFailure } from '../../../../application/ports/platforms/GrantFailure';
import { type AccountIdentity, type PlatformConnector } from '../../../../application/ports/platforms/PlatformConnector';
import { type AtprotoSessionGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { BlueskyPublisher } from './BlueskyPublisher';
import { fetchWithDeadline } from './fetchWithDeadline';
import { BlueskySessionUpkeep } from './BlueskySessionUpkeep';
import { type BlueskyCredentials, createBlueskySession } from './createBlueskySession';
import { readBlueskyIdentity } from './readBlueskyIdentity';
import { type FetchFunction } from './sessionAgent';

export type { BlueskyCredentials } from './createBlueskySession';

/** A connect: the session to keep and whose account it is, or why the PDS said no. */
export type BlueskyLogin =
  | { readonly ok: true; readonly grant: AtprotoSessionGrant; readonly identity: AccountIdentity }
  | { readonly ok: false; readonly failure: GrantFailure };

export interface BlueskyConnectorOptions {
  /** Where the service URL is the user's, a fetch that refuses private addresses belongs here. */
  readonly fetch?: FetchFunction;
  readonly clock?: () => Date;
  /** The most one request to the PDS may take; 30 s unless given. */
  readonly requestTimeoutMs?: number;
}

const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

/**
 * Bluesky through @atproto/api, on any PDS: the service is each grant's own, so one connector
 * serves every connection. Connected with an app password (no authorization flow).
 */
export class BlueskyConnector implements PlatformConnector {
  readonly platform = 'BLUESKY' as const;
  readonly authorization = null;
  readonly tokens: BlueskySessionUpkeep;
  readonly publisher: BlueskyPublisher;
  private readonly fetch: FetchFunction;

  constructor(options: BlueskyConnectorOptions = {}) {
    this.fetch = fetchWithDeadline(options.fetch ?? globalThis.fetch, options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS);
    this.tokens = new BlueskySessionUpkeep(this.fetch);
    this.publisher = new BlueskyPublisher(this.tokens, this.fetch, options.clock);
  }

  /** The one login of a connection (com.atproto.server.createSession), then who it is. */
  async login(credentials: BlueskyCredentials): Promise<BlueskyLogin> {
    const session = await createBlueskySession(credentials, this.fetch);
    if (!session.ok) return session;
    return { ok: true, grant: session.grant, identity: await readBlueskyIdentity(session.grant, this.fetch) };
  }
}

export function blueskyConnector(options: BlueskyConnectorOptions = {}): BlueskyConnector {
  return new BlueskyConnector(options);
}
