import 'reflect-metadata';
import { EnvironmentError } from '../adapters/inbound/cli/EnvironmentError';
import { runCli, type CliSession } from '../adapters/inbound/cli/runCli';
import { compose } from './container';
import { type Config, ConfigError } from './env';
import { loadCliConfig } from './servedBaseUrl';
import { TOKENS as T } from './tokens';

/**
 * `npm run -s admin -- <command> … [--json]`: the operator CLI on the configured database.
 * The configuration is read and the database opened only when a command is to run.
 */
async function admin(): Promise<number> {
  return runCli(process.argv.slice(2), openSession, {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
  });
}

async function openSession(): Promise<CliSession> {
  let config: Config;
  try {
    // The service's settings; BASE_URL, when not set, the one the service recorded on DATA_DIR.
    config = loadCliConfig({ ...process.env, LOG_LEVEL: 'silent' });
  } catch (error) {
    if (error instanceof ConfigError) throw new EnvironmentError('configuration_error', error.message);
    throw error;
  }
  const composition = await compose(config).catch((error: unknown) => {
    // Opening or migrating the database failed: an environment problem, not a bug of the command.
    throw new EnvironmentError('database_unavailable', `the database cannot be opened: ${error instanceof Error ? error.message : String(error)}`);
  });
  const { get } = composition;
  return {
    useCases: {
      // Resolved by the client commands only, so every other command runs without the OAuth store.
      get clients() {
        return get(T.ManageClients);
      },
      signingKeys: get(T.KeyRing),
      createUser: get(T.CreateUser),
      createWorkspace: get(T.CreateWorkspace),
      members: get(T.ManageMembers),
      apiKeys: get(T.ManageApiKeys),
      addConnection: get(T.AddConnection),
      issueSession: get(T.IssueSession),
      listings: get(T.OperatorListings),
      resetPassword: get(T.ResetPassword),
    },
    where: config.database.kind === 'sqlite' ? config.database.file : databaseNamed(config.database.url),
    close: () => composition.close(),
  };
}

/** host:port/database of a MySQL URL, never its user or password. */
const databaseNamed = (url: string): string => {
  const parsed = new URL(url);
  return `${parsed.host}${parsed.pathname}`;
};

admin().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
