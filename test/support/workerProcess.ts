import { spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

/** A worker process: test/support/callLogWorker.ts, or another entry. */
export interface WorkerProcess {
  readonly pid: number;
  /** The exit code, or the signal that ended it. */
  readonly exited: Promise<number | NodeJS.Signals>;
  output(): string;
  kill(signal: NodeJS.Signals): void;
}

/** Starts a worker process and resolves once it logs that its loop started. */
export function startWorkerProcess(env: Record<string, string>, entry = 'test/support/callLogWorker.ts'): Promise<WorkerProcess> {
  // Node itself with tsx's loader, not the tsx command: that one runs node as a child of its
  // own, and a SIGKILL would end tsx and leave the worker running.
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
  });
  let output = '';
  const exited = new Promise<number | NodeJS.Signals>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal!)));
  return new Promise((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (!output.includes('"message":"publishing worker started"')) return;
      child.stdout.off('data', collect);
      child.stdout.on('data', (more: Buffer) => {
        output += more.toString();
      });
      resolve({ pid: child.pid!, exited, output: () => output, kill: (signal) => child.kill(signal) });
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    void exited.then((code) => reject(new Error(`worker exited (${code}) before it started:\n${output}`)));
  });
}

/** Polls `condition` until it holds, or fails after `timeoutMs`. */
export async function eventually(condition: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
