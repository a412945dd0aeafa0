import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { inChildProcess, type Served } from './ownProcess';

const ROOT = path.join(__dirname, '..');

/** What `npm start` runs before the service: builds dist/ when it is missing or older than the sources. */
export function buildAsNpmStartDoes(): void {
  execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'ensure-build.js')], { cwd: ROOT, stdio: 'inherit' });
}

/** A free loopback port, so the deployed service's BASE_URL can be known before it starts. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface DeployedService extends Served {
  readonly pid: number;
  /** Where its stdout and stderr (the JSON log and the access log) went. */
  readonly logFile: string;
}

/**
 * The service as `npm start` starts it (after buildAsNpmStartDoes): `node dist/config/main.js`
 * in a process of its own, with the environment it would have, so the default log level
 * (info, the access log on) and the embedded worker. `env` adds the database, the port and the
 * secrets the bench's in-process composition shares with it; LOG_LEVEL and WORKER are removed
 * from the bench's own environment so that their defaults apply. Its log goes to a file in
 * DATA_DIR, as a log shipper would take it. Resolves once GET /health answers 200.
 */
export async function startDeployed(env: Record<string, string>, port: number): Promise<DeployedService> {
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  delete inherited.LOG_LEVEL;
  delete inherited.WORKER;
  const logFile = path.join(env.DATA_DIR ?? ROOT, 'service.log');
  const log = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, [path.join(ROOT, 'dist', 'config', 'main.js')], {
    cwd: ROOT,
    env: { ...inherited, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  // It has no IPC channel to notice the bench's end by: a bench that exits takes it along.
  const stop = () => child.kill('SIGKILL');
  process.on('exit', stop);
  child.once('exit', () => process.off('exit', stop));
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let waited = 0; ; waited += 100) {
    if (child.exitCode !== null) throw new Error(`the deployed service exited (code ${child.exitCode}): ${tail(logFile)}`);
    if (waited > 60_000) {
      child.kill('SIGKILL');
      throw new Error(`the deployed service did not answer /health within 60 s: ${tail(logFile)}`);
    }
    const status = await fetch(`${baseUrl}/health`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { ...inChildProcess(child, baseUrl), logFile };
}

function tail(file: string): string {
  return fs.readFileSync(file, 'utf8').slice(-2000);
}
