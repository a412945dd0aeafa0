import { type GrantFailure } from '../../../../application/ports/platforms/GrantFailure';
import { type AccountIdentity, type PlatformConnector } from '../../../../application/ports/platforms/PlatformConnector';
import { type AtprotoSessionGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { systemNow } from '../../clock/SystemClock';
import { BlueskyPublisher } from './blueskyPublisher';
import { BlueskyReader, PUBLIC_APPVIEW_URL } from './blueskyReader';
import { type BlueskyCredentials, BlueskySessionUpkeep, createBlueskySession, type FetchFunction, fetchWithDeadline, sessionAgent } from './blueskySession';

export type { BlueskyCredentials } from './blueskySession';

/** A connect: the session to keep and whose account it is, or why the PDS said no. */
export type BlueskyLogin =
  | { readonly ok: true; readonly grant: AtprotoSessionGrant; readonly identity: AccountIdentity }
  | { readonly ok: false; readonly failure: GrantFailure };

export interface BlueskyConnectorOptions {
  /** Where the service URL is the user's, a fetch that refuses private addresses belongs here. */
  readonly fetch?: FetchFunction;
  /** The service's clock (config passes its Clock); the system's time where none is given. */
  readonly clock?: () => Date;
  /** The most one request to the PDS may take (plus a body's sending time); 30 s unless given. */
  readonly requestTimeoutMs?: number;
  /** The AppView posts' figures are read from (a PDS keeps no counts); Bluesky's public one unless given. */
  readonly appViewUrl?: string;
}

const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

/**
 * Bluesky through @atproto/api, on any PDS: the service is each grant's own, so one connector
 * serves every connection. Connected with an app password (no authorization flow); the
 * account's posts are read back from its repository, their figures from an AppView.
 */
export class BlueskyConnector implements PlatformConnector {
  readonly platform = 'BLUESKY' as const;
  readonly authorization = null;
  readonly tokens: BlueskySessionUpkeep;
  readonly publisher: BlueskyPublisher;
  readonly reader: BlueskyReader;
  private readonly fetch: FetchFunction;
  private readonly clock: () => Date;

  constructor(options: BlueskyConnectorOptions = {}) {
    this.fetch = fetchWithDeadline(options.fetch ?? globalThis.fetch, options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS);
    this.clock = options.clock ?? systemNow;
    this.tokens = new BlueskySessionUpkeep(this.fetch, this.clock);
    this.publisher = new BlueskyPublisher(this.tokens, this.fetch, this.clock);
    const figuresSource = { appViewUrl: (options.appViewUrl ?? PUBLIC_APPVIEW_URL).replace(/\/+$/, ''), clock: this.clock };
    this.reader = new BlueskyReader(this.fetch, undefined, figuresSource);
  }

  /** The one login of a connection (com.atproto.server.createSession), then who it is. */
  async login(credentials: BlueskyCredentials): Promise<BlueskyLogin> {
    const session = await createBlueskySession(credentials, this.fetch, this.clock);
    if (!session.ok) return session;
    return { ok: true, grant: session.grant, identity: await this.identify(session.grant) };
  }

  /**
   * Who the session belongs to: DID and handle from the session, display name and avatar from
   * app.bsky.actor.getProfile, which the PDS proxies to an app view. A PDS without one (or an app
   * view that fails) leaves them null: the connection works without them.
   */
  private async identify(grant: AtprotoSessionGrant): Promise<AccountIdentity> {
    const identity = { accountId: grant.did, handle: grant.handle, displayName: null, avatarUrl: null };
    try {
      const { data } = await sessionAgent(grant.service, grant.accessJwt, this.fetch).app.bsky.actor.getProfile({ actor: grant.did });
      return { ...identity, handle: data.handle, displayName: data.displayName || null, avatarUrl: data.avatar ?? null };
    } catch {
      return identity;
    }
  }
}

export function blueskyConnector(options: BlueskyConnectorOptions = {}): BlueskyConnector {
  return new BlueskyConnector(options);
}
