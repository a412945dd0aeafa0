import { type FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { type Bearer } from '../../../application/mcpBridge/Bearer';

/**
 * The fetch the MCP client's transport sends with: each request carries the bearer's current
 * token; a 401 (expired, revoked) asks the bearer for another and is sent once more with it. The
 * MCP server is stateless and every request one JSON-RPC message (docs/agents.md), so sending a
 * refused request again is safe: the service did nothing with it.
 */
export function authorizedFetch(bearer: Bearer, base: FetchLike = fetch): FetchLike {
  return async (url, init) => {
    const send = (token: string) => {
      const headers = new Headers(init?.headers);
      headers.set('Authorization', `Bearer ${token}`);
      return base(url, { ...init, headers });
    };
    const token = await bearer.current();
    const refused = await send(token);
    if (refused.status !== 401) return refused;
    await refused.body?.cancel();
    const again = await send(await bearer.rejected(token, challengeError(refused)));
    if (again.status === 401) {
      await again.body?.cancel();
      throw new Error(`${new URL(String(url)).origin} refused the renewed token too (${challengeError(again)})`);
    }
    return again;
  };
}

/** What the 401's `WWW-Authenticate` challenge says went wrong (RFC 6750 §3): its error and description. */
function challengeError(response: Response): string {
  const challenge = response.headers.get('www-authenticate') ?? '';
  const field = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(challenge)?.[1];
  const error = field('error');
  if (error === undefined) return 'no credential accepted';
  const description = field('error_description');
  return description === undefined ? error : `${error}: ${description}`;
}
