import { Agent } from '@atproto/api';
import { type GrantFailure, type GrantResult } from '../../../../application/ports/platforms/GrantFailure';
import { type TokenUpkeep } from '../../../../application/ports/platforms/PlatformConnector';
import { type AtprotoSessionGrant, type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { type XrpcFailure, xrpcFailure } from './xrpcFailure';

/** What the connector's calls go through: the global fetch unless a test or a proxy says otherwise. */
export type FetchFunction = typeof globalThis.fetch;

/** What the user gives to connect Bluesky: the PDS, the account and an app password. */
export interface BlueskyCredentials {
  /** The PDS or entryway, e.g. `https://bsky.social`. */
  readonly service: string;
  /** A handle, a DID or the account's email. */
  readonly identifier: string;
  readonly appPassword: string;
}

/** Renewed this long before the access JWT's `exp`. */
const REFRESH_LEAD_MS = 60_000;

/** Errors of refreshSession that mean the refresh token itself is spent (expired, revoked, rotated away). */
const REFRESH_TOKEN_DEAD = new Set(['ExpiredToken', 'InvalidToken', 'AuthenticationRequired']);

/** The wait when the PDS gave none (a timeout, a 5xx). */
const DEFAULT_WAIT_SECONDS = 30;

/** Accounts that reconnecting would not bring back. */
const ACCOUNT_GONE = new Set(['AccountTakedown', 'AccountDeactivated']);

/**
 * A Bluesky session kept alive: refreshSession with the refresh JWT ahead of the access JWT's
 * expiry; a new login with the kept app password only when the refresh token is dead; the
 * connection needs reconnecting only when that login is refused (the app password was revoked).
 */
export class BlueskySessionUpkeep implements TokenUpkeep {
  constructor(
    private readonly fetch: FetchFunction,
    private readonly clock: () => Date,
  ) {}

  needsRefresh(grant: PlatformGrant, now: Date): boolean {
    if (grant.kind !== 'atproto_session') return false;
    const expiresAt = accessJwtExpiry(grant.accessJwt);
    return expiresAt === null || expiresAt.getTime() - REFRESH_LEAD_MS <= now.getTime();
  }

  async refresh(grant: PlatformGrant): Promise<GrantResult<AtprotoSessionGrant>> {
    if (grant.kind !== 'atproto_session') return { ok: false, failure: { kind: 'rejected', reason: 'not a Bluesky session' } };
    try {
      const { data } = await sessionAgent(grant.service, grant.refreshJwt, this.fetch).com.atproto.server.refreshSession();
      return { ok: true, grant: { ...grant, did: data.did, handle: data.handle, accessJwt: data.accessJwt, refreshJwt: data.refreshJwt } };
    } catch (thrown) {
      const failure = xrpcFailure(thrown, this.clock());
      if (failure.kind === 'answered' && failure.status < 500 && REFRESH_TOKEN_DEAD.has(failure.error)) {
        return createBlueskySession({ service: grant.service, identifier: grant.did, appPassword: grant.appPassword }, this.fetch, this.clock);
      }
      return { ok: false, failure: grantFailureFrom(failure) };
    }
  }

  /** com.atproto.server.deleteSession with the refresh JWT; best effort. */
  async revoke(grant: PlatformGrant): Promise<void> {
    if (grant.kind !== 'atproto_session') return;
    try {
      await sessionAgent(grant.service, grant.refreshJwt, this.fetch).com.atproto.server.deleteSession();
    } catch {
      // Best effort (TokenUpkeep): the session ends on its own when its refresh token expires.
    }
  }
}

/** com.atproto.server.createSession: a login, spent once per connection (and again only when the refresh token died). */
export async function createBlueskySession(
  credentials: BlueskyCredentials,
  fetch: FetchFunction,
  clock: () => Date,
): Promise<GrantResult<AtprotoSessionGrant>> {
  try {
    const agent = sessionAgent(credentials.service, null, fetch);
    const { data } = await agent.com.atproto.server.createSession({ identifier: credentials.identifier, password: credentials.appPassword });
    return {
      ok: true,
      grant: {
        kind: 'atproto_session',
        service: credentials.service,
        did: data.did,
        handle: data.handle,
        accessJwt: data.accessJwt,
        refreshJwt: data.refreshJwt,
        appPassword: credentials.appPassword,
      },
    };
  } catch (thrown) {
    return { ok: false, failure: grantFailureFrom(xrpcFailure(thrown, clock())) };
  }
}

/**
 * A failed createSession or refreshSession, classified: only the PDS refusing the credentials
 * means reconnect, never a timeout, a 5xx or a 429 (docs/product.md).
 */
export function grantFailureFrom(failure: XrpcFailure): GrantFailure {
  if (failure.kind === 'noAnswer') return { kind: 'retryLater', reason: failure.reason, afterSeconds: DEFAULT_WAIT_SECONDS };
  if (failure.status === 429 || failure.status >= 500) {
    return { kind: 'retryLater', reason: failure.reason, afterSeconds: failure.afterSeconds ?? DEFAULT_WAIT_SECONDS };
  }
  if (ACCOUNT_GONE.has(failure.error)) return { kind: 'rejected', reason: failure.reason };
  if (failure.status === 401 || failure.error === 'ExpiredToken' || failure.error === 'InvalidToken') {
    return { kind: 'reconnect', reason: failure.reason };
  }
  return { kind: 'rejected', reason: failure.reason };
}

/**
 * When a session's access JWT expires, read from its `exp` claim without verifying it (only the
 * PDS can, and it will): null when the token is not a JWT with a numeric `exp`.
 */
export function accessJwtExpiry(accessJwt: string): Date | null {
  const payload = accessJwt.split('.')[1];
  if (payload === undefined) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (typeof claims !== 'object' || claims === null) return null;
    const exp = (claims as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? new Date(exp * 1000) : null;
  } catch {
    return null;
  }
}

/**
 * An XRPC client on the PDS sending one token as its bearer: the access JWT for the account's
 * calls, the refresh JWT for refreshSession and deleteSession, none for a login.
 */
export function sessionAgent(service: string, bearer: string | null, fetch: FetchFunction): Agent {
  const headers = bearer === null ? {} : { authorization: `Bearer ${bearer}` };
  return new Agent({ service, headers, fetch });
}

/** The slowest upload a deadline allows for: a request's body adds its bytes at this pace to the deadline. */
const SLOW_UPLOAD_BYTES_PER_MS = 500;

/**
 * A fetch that gives up after `timeoutMs`, so a PDS that stops answering ends a call instead
 * of holding it: the publisher then reports what it can prove (docs/platforms.md, "publish
 * outcome unknown" for a request that was sent). A request with a body of known length (a
 * video's blob, up to 100 MB) gets the time to send it on top.
 */
export function fetchWithDeadline(fetch: FetchFunction, timeoutMs: number): FetchFunction {
  return (input, init) => {
    const bodyBytes = Number(new Headers(init?.headers).get('content-length')) || 0;
    const deadline = AbortSignal.timeout(timeoutMs + Math.ceil(bodyBytes / SLOW_UPLOAD_BYTES_PER_MS));
    const signal = init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
    return fetch(input, { ...init, signal });
  };
}
