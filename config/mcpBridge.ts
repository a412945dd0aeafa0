import os from 'node:os';
import { runBridge } from '../adapters/inbound/mcpBridge/runBridge';
import { credentialsPath } from '../adapters/outbound/agentCredentials/credentialsPath';
import { FileSignInStore } from '../adapters/outbound/agentCredentials/FileSignInStore';
import { SystemClock } from '../adapters/outbound/clock/SystemClock';
import { OAuth4WebApiClient } from '../adapters/outbound/oauthClient/OAuth4WebApiClient';
import { SignedInBearer } from '../application/mcpBridge/SignedInBearer';
import { SignIn } from '../application/mcpBridge/SignIn';
import { SignOut } from '../application/mcpBridge/SignOut';

/**
 * `npm run -s mcp` and the `dispatch-mcp` bin (scripts/dispatch-mcp.js): the stdio bridge to the
 * service's MCP server (docs/agents.md, "Local agents over stdio"). It runs on the person's
 * machine, not the service's: no database, no service configuration, only DISPATCH_URL,
 * DISPATCH_API_KEY, DISPATCH_CLIENT_ID and the config directory.
 */
async function main(): Promise<number> {
  // stdout is the MCP channel: nothing but the transport may write there, a stray console.log included.
  console.log = console.info = console.debug = console.error;
  const env = process.env;
  const store = new FileSignInStore(credentialsPath(env.XDG_CONFIG_HOME, os.homedir()));
  const server = new OAuth4WebApiClient();
  const clock = new SystemClock();
  const pause = (seconds: number) => new Promise<void>((resolve) => setTimeout(resolve, seconds * 1000));
  return runBridge(
    process.argv.slice(2),
    { url: env.DISPATCH_URL || null, clientId: env.DISPATCH_CLIENT_ID || null },
    {
      useCases: {
        signIn: new SignIn(store, server, clock, pause),
        signOut: new SignOut(store, server),
        signedIn: (baseUrl) => new SignedInBearer(baseUrl, store, server, clock),
        credentialsLocation: store.location,
      },
      io: { stderr: (text) => process.stderr.write(text) },
      wording: { command: env.npm_lifecycle_event === 'mcp' ? 'npm run -s mcp --' : 'dispatch-mcp' },
      apiKey: env.DISPATCH_API_KEY || null,
    },
  );
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`dispatch-mcp: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
