import { Agent } from '@atproto/api';

/** What the connector's calls go through: the global fetch unless a test or a proxy says otherwise. */
export type FetchFunction = typeof globalThis.fetch;

/**
 * An XRPC client on the PDS sending one token as its bearer: the access JWT for the account's
 * calls, the refresh JWT for refreshSession and deleteSession, none for a login.
 */
export function sessionAgent(service: string, bearer: string | null, fetch: FetchFunction): Agent {
  const headers = bearer === null ? {} : { authorization: `Bearer ${bearer}` };
  return new Agent({ service, headers, fetch });
}
