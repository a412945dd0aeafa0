import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');

/** The real entry point (config/main.ts) in a child process, its two output streams kept apart. */
export interface ServiceProcess {
  readonly port: number;
  readonly baseUrl: string;
  stdout(): string;
  stderr(): string;
  /** SIGTERM, then resolves once the process has exited (its output is complete then). */
  stop(): Promise<void>;
}

/** Starts `tsx config/main.ts` on PORT=0 and resolves once it logs "listening". */
export function startServiceProcess(env: Record<string, string>): Promise<ServiceProcess> {
  const child: ChildProcess = spawn(TSX, ['config/main.ts'], { cwd: ROOT, env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', ...env } });
  let stdout = '';
  let stderr = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const listening = /"message":"listening".*?"port":(\d+)/.exec(stdout);
      if (listening === null) return;
      const port = Number(listening[1]);
      resolve({
        port,
        baseUrl: `http://127.0.0.1:${port}`,
        stdout: () => stdout,
        stderr: () => stderr,
        async stop() {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          await exited;
        },
      });
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code} before listening:\n${stdout}\n${stderr}`)));
  });
}

/** The lines of a stream's output, without the empty ones. */
export const linesOf = (output: string): string[] => output.split('\n').filter((line) => line.trim() !== '');

/**
 * The first match of `pattern` in a process's output, waiting for it: the first-start banner
 * is printed after "listening" (the port is taken first), so it may not be there yet.
 */
export async function awaitOutput(output: () => string, pattern: RegExp, timeoutMs = 10_000): Promise<RegExpExecArray> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = pattern.exec(output());
    if (match !== null) return match;
    if (Date.now() > deadline) throw new Error(`${pattern} never appeared in:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
