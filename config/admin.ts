import 'reflect-metadata';
import { runCli } from '../adapters/inbound/cli/runCli';
import { compose } from './container';
import { ConfigError, loadConfig } from './env';
import { TOKENS as T } from './tokens';

/** `npm run -s admin -- <command> … [--json]`: the operator CLI on the configured database. */
async function admin(): Promise<number> {
  const argv = process.argv.slice(2);
  let config;
  try {
    config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(argv.includes('--json')
      ? `${JSON.stringify({ error: { code: 'configuration_error', message: error.message } })}\n`
      : `error: ${error.message} [configuration_error]\n`);
    return 1;
  }
  const composition = await compose(config);
  try {
    const { get } = composition;
    return await runCli(argv, {
      createUser: get(T.CreateUser),
      createWorkspace: get(T.CreateWorkspace),
      members: get(T.ManageMembers),
      apiKeys: get(T.ManageApiKeys),
      addConnection: get(T.AddConnection),
      issueSession: get(T.IssueSession),
    }, {
      stdout: (text) => process.stdout.write(text),
      stderr: (text) => process.stderr.write(text),
    });
  } finally {
    await composition.close();
  }
}

admin().then(
  (code) => { process.exitCode = code; },
  (error: unknown) => {
    process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
