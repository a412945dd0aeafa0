import { type FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { type Bearer } from '../../../application/mcpBridge/Bearer';
import { hasTokenCharacters, NOT_TOKEN_CHARACTERS } from '../http/middleware/authenticate';

/** The service's refusal of a token with characters no token has, made here: fetch cannot send most such tokens at all (a placeholder's `…` is not a byte). */
const UNSENDABLE = `invalid_token: ${NOT_TOKEN_CHARACTERS}`;

/**
 * The fetch the MCP client's transport sends with: each request carries the bearer's current
 * token; a 401 (expired, revoked) asks the bearer for another and is sent once more with it. The
 * MCP server is stateless and every request one JSON-RPC message (docs/agents.md), so sending a
 * refused request again is safe: the service did nothing with it. A token with characters no
 * token has (DISPATCH_API_KEY=dsk_… pasted as is) is refused as the service refuses it, unsent.
 */
export function authorizedFetch(bearer: Bearer, base: FetchLike = fetch): FetchLike {
  return async (url, init) => {
    /** The answer, or why the token was refused (the 401's challenge). */
    const send = async (token: string): Promise<Response | string> => {
      if (!hasTokenCharacters(token)) return UNSENDABLE;
      const headers = new Headers(init?.headers);
      headers.set('Authorization', `Bearer ${token}`);
      const response = await base(url, { ...init, headers });
      if (response.status !== 401) return response;
      await response.body?.cancel();
      return challengeError(response);
    };
    const token = await bearer.current();
    const refused = await send(token);
    if (typeof refused !== 'string') return refused;
    const again = await send(await bearer.rejected(token, refused));
    if (typeof again === 'string') throw new Error(`${new URL(String(url)).origin} refused the renewed token too (${again})`);
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
