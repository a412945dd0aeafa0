import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { cpuSecondsOfProcess, cpuSecondsOfThisProcess, quietProcess } from './processCpu';
import { type Listening } from './servers';

/** A server the bench loads, wherever it runs, with the CPU its process spends. */
export interface Served extends Listening {
  /** CPU seconds its process has spent so far (the bench's own, for an in-process server). */
  cpuSeconds(): number;
}

/** An in-process server: its CPU is the bench process's own. */
export function inThisProcess(server: Listening): Served {
  return { ...server, cpuSeconds: cpuSecondsOfThisProcess };
}

/** A server in a child process: its CPU read from /proc, idle once the process is quiet, stopped by SIGTERM. */
export function inChildProcess(child: ChildProcess, baseUrl: string): Served & { readonly pid: number } {
  const pid = child.pid!;
  return {
    baseUrl,
    pid,
    cpuSeconds: () => cpuSecondsOfProcess(pid),
    idle: () => quietProcess(pid),
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** A baseline (bench/baselineProcess.ts) in a process of its own, on the database `env` names. */
export async function baselineProcess(kind: 'bare' | 'pk', env: Record<string, string>): Promise<Served> {
  const child = fork(path.join(__dirname, 'baselineProcess.ts'), [kind], {
    env: { ...process.env, ...env, LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = new Promise<string>((resolve, reject) => {
    child.once('message', (message: { baseUrl: string }) => resolve(message.baseUrl));
    child.once('exit', (code) => reject(new Error(`the ${kind} baseline process exited (code ${code})`)));
  });
  return inChildProcess(child, await ready);
}
