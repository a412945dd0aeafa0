import { ApiKeyRefused, NotSignedIn, SignInEnded } from '../../../application/mcpBridge/bridgeErrors';
import { AuthorizationServerRefusal } from '../../../application/ports/mcpBridge/AuthorizationServerClient';

/** How the person runs the bridge, for the commands a message names: `dispatch-mcp` or `npm run -s mcp --`. */
export interface Wording {
  readonly command: string;
}

/** The login command line for `baseUrl`, `clientId` when known. */
export const loginCommand = (wording: Wording, baseUrl: string, clientId: string | null): string =>
  `${wording.command} login --url ${baseUrl} --client-id ${clientId ?? '<client id>'}`;

/** One line saying what went wrong and what to do, for stderr and for the local client. */
export function explain(error: unknown, wording: Wording): string {
  if (error instanceof NotSignedIn) {
    return (
      `not signed in to ${error.baseUrl} and DISPATCH_API_KEY is not set: sign in with \`${loginCommand(wording, error.baseUrl, null)}\` ` +
      '(a client the operator registered with the device_code and refresh_token grants), or set DISPATCH_API_KEY to an API key'
    );
  }
  if (error instanceof SignInEnded) {
    return `${error.message}: log in again with \`${loginCommand(wording, error.baseUrl, error.clientId)}\``;
  }
  if (error instanceof ApiKeyRefused) return `${error.message}: check DISPATCH_API_KEY, or ask for a new key`;
  if (error instanceof AuthorizationServerRefusal) return refusalText(error);
  return unreachable(error) ?? (error instanceof Error ? error.message : String(error));
}

/** The device flow's and the token endpoint's refusals, in words. */
function refusalText(error: AuthorizationServerRefusal): string {
  switch (error.error) {
    case 'access_denied':
      return 'the sign-in was denied on the device page';
    case 'expired_token':
      return 'the code was not approved before it expired: run login again';
    case 'invalid_client':
    case 'unauthorized_client':
      return `the service refused the client (${error.message}): use a client the operator registered with the device_code and refresh_token grants`;
    default:
      return `the service refused: ${error.message}`;
  }
}

/** fetch's "fetch failed" says nothing: its cause (ECONNREFUSED …) does. */
function unreachable(error: unknown): string | null {
  if (!(error instanceof TypeError) || error.message !== 'fetch failed') return null;
  const cause = error.cause as { code?: string; message?: string } | undefined;
  return `the service cannot be reached (${cause?.code ?? cause?.message ?? 'fetch failed'}): is it running, and is --url right?`;
}
