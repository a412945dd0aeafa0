import { ApiKeyBearer } from '../../../application/mcpBridge/ApiKeyBearer';
import { type Bearer } from '../../../application/mcpBridge/Bearer';
import { type SignedInBearer } from '../../../application/mcpBridge/SignedInBearer';
import { type SignIn } from '../../../application/mcpBridge/SignIn';
import { type SignOut } from '../../../application/mcpBridge/SignOut';
import { explain, loginCommand, type Wording } from './bridgeMessages';
import { proxyServer, serveOnStdio } from './stdioProxy';
import { connectUpstream } from './upstreamClient';

/** What config/mcpBridge.ts hands the command line. */
export interface BridgeUseCases {
  readonly signIn: SignIn;
  readonly signOut: SignOut;
  /** The bearer of the sign-in stored for `baseUrl`. */
  signedIn(baseUrl: string): SignedInBearer;
  /** Where sign-ins are stored, for messages. */
  readonly credentialsLocation: string;
}

export interface BridgeIo {
  stderr(text: string): void;
}

export interface BridgeContext {
  readonly useCases: BridgeUseCases;
  readonly io: BridgeIo;
  readonly wording: Wording;
  /** DISPATCH_API_KEY, when set. */
  readonly apiKey: string | null;
}

/** The bridge itself: connects to the service first (a missing or refused credential ends it at once, exit 1), then serves until stdin ends. */
export async function serve(baseUrl: string, context: BridgeContext): Promise<number> {
  const { io, wording } = context;
  const say = (line: string) => io.stderr(`dispatch-mcp: ${line}\n`);
  let bearer: Bearer;
  let credential: string;
  if (context.apiKey !== null) {
    bearer = new ApiKeyBearer(baseUrl, context.apiKey);
    credential = 'the API key in DISPATCH_API_KEY';
  } else {
    const signedIn = context.useCases.signedIn(baseUrl);
    try {
      credential = `the sign-in of client ${(await signedIn.load()).clientId}`;
    } catch (error) {
      say(explain(error, wording));
      return 1;
    }
    bearer = signedIn;
  }
  let upstream: Awaited<ReturnType<typeof connectUpstream>>;
  try {
    upstream = await connectUpstream(baseUrl, bearer);
  } catch (error) {
    say(explain(error, wording));
    return 1;
  }
  const server = proxyServer(upstream, (error) => {
    const line = explain(error, wording);
    say(line);
    return new Error(line);
  });
  say(`serving ${baseUrl}/mcp on stdin and stdout, as ${credential}`);
  await serveOnStdio(server);
  await upstream.close();
  return 0;
}

/** The device flow, its instructions on stderr; the tokens stored for `baseUrl`. */
export async function login(baseUrl: string, clientId: string, scope: string | null, context: BridgeContext): Promise<number> {
  const { io, useCases, wording } = context;
  try {
    const signedIn = await useCases.signIn.execute({ baseUrl, clientId, scope }, (started) => {
      const minutes = Math.round(started.expiresInSeconds / 60);
      io.stderr(
        `To sign in to ${baseUrl}, open ${started.verificationUriComplete ?? started.verificationUri}\n` +
          `and check that it shows the code ${started.userCode}; sign in, choose the workspace and scopes, and approve (within ${minutes} minutes).\n` +
          'Waiting for the approval...\n',
      );
    });
    io.stderr(`Signed in to ${baseUrl} as client ${clientId} (scopes: ${signedIn.scope}); the tokens are in ${useCases.credentialsLocation}.\n`);
    if (context.apiKey !== null) io.stderr('Note: DISPATCH_API_KEY is set, and the bridge uses it rather than this sign-in while it is.\n');
    return 0;
  } catch (error) {
    io.stderr(`dispatch-mcp: ${explain(error, wording)}\n`);
    return 1;
  }
}

/** Revokes and removes the sign-in stored for `baseUrl`. */
export async function logout(baseUrl: string, context: BridgeContext): Promise<number> {
  const { io, useCases, wording } = context;
  try {
    const outcome = await useCases.signOut.execute(baseUrl);
    if (outcome.kind === 'not_signed_in') {
      io.stderr(`Not signed in to ${baseUrl}: nothing to do.\n`);
      return 0;
    }
    if (outcome.kind === 'kept_by_service') {
      io.stderr(
        `dispatch-mcp: removed the sign-in to ${baseUrl} here, but the service could not revoke it (${explain(outcome.cause, wording)}); ` +
          'its refresh token stays valid until it expires.\n',
      );
      return 1;
    }
    io.stderr(
      `Signed out of ${baseUrl}: the service revoked the tokens and ${useCases.credentialsLocation} no longer holds them. (${loginCommand(wording, baseUrl, null)} signs in again.)\n`,
    );
    return 0;
  } catch (error) {
    io.stderr(`dispatch-mcp: ${explain(error, wording)}\n`);
    return 1;
  }
}
