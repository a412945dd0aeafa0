import { parseArgs } from 'node:util';
import { type BridgeContext, login, logout, serve } from './bridgeCommands';
import { bridgeHelp } from './bridgeHelp';

/** The settings the environment gives (README, docs/agents.md "Local agents over stdio"). */
export interface BridgeEnvironment {
  /** DISPATCH_URL */
  readonly url: string | null;
  /** DISPATCH_CLIENT_ID */
  readonly clientId: string | null;
}

const DEFAULT_URL = 'http://localhost:3000';

class UsageError extends Error {}

/**
 * `dispatch-mcp [serve] | login | logout | help` (bridgeHelp): the exit code, 0 done, 1 refused
 * or failed, 2 a usage error. Everything it says goes to stderr; stdout is the MCP channel, which
 * only `serve`'s transport writes to.
 */
export async function runBridge(argv: readonly string[], environment: BridgeEnvironment, context: BridgeContext): Promise<number> {
  const { io, wording } = context;
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      options: { url: { type: 'string' }, 'client-id': { type: 'string' }, scope: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
    const command = positionals[0] ?? 'serve';
    if (positionals.length > 1) throw new UsageError(`unexpected ${positionals.slice(1).join(' ')}`);
    if (values.help || command === 'help') {
      io.stderr(bridgeHelp(wording.command));
      return 0;
    }
    const baseUrl = normalizedUrl(values.url ?? environment.url ?? DEFAULT_URL);
    const onlyFor = (flag: 'client-id' | 'scope', allowed: string) => {
      if (values[flag] !== undefined && command !== allowed) throw new UsageError(`--${flag} is for ${allowed} only`);
    };
    onlyFor('client-id', 'login');
    onlyFor('scope', 'login');
    switch (command) {
      case 'serve':
        return await serve(baseUrl, context);
      case 'login': {
        const clientId = values['client-id'] ?? environment.clientId;
        if (!clientId) throw new UsageError('login needs --client-id (or DISPATCH_CLIENT_ID): a client the operator registered for the device flow');
        return await login(baseUrl, clientId, values.scope?.trim() || null, context);
      }
      case 'logout':
        return await logout(baseUrl, context);
      default:
        throw new UsageError(`unknown command ${command}`);
    }
  } catch (error) {
    const usage = error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    if (!usage) throw error;
    io.stderr(`dispatch-mcp: ${(error as Error).message} (\`${wording.command} help\` shows the usage)\n`);
    return 2;
  }
}

/** The service's base URL as its BASE_URL is written: http or https, no trailing slash, query or fragment. */
function normalizedUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`${raw} is not a URL (the service's base URL, e.g. ${DEFAULT_URL})`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`${raw}: the service's URL is http or https`);
  if (url.search !== '' || url.hash !== '') throw new UsageError(`${raw}: the service's base URL has no query or fragment`);
  return url.href.replace(/\/+$/, '');
}
