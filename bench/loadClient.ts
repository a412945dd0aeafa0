import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { type LoadRequest, type LoadResult } from './loadProtocol';

/** Drives bench/load.ts in a child process (it inherits tsx's loader through execArgv). */
export class LoadClient {
  private readonly child: ChildProcess;

  constructor() {
    this.child = fork(path.join(__dirname, 'load.ts'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  }

  measure(request: LoadRequest): Promise<LoadResult> {
    return new Promise((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`the load process exited (code ${code})`));
      this.child.once('exit', onExit);
      this.child.once('message', (message: LoadResult | { error: string }) => {
        this.child.off('exit', onExit);
        if ('error' in message) reject(new Error(`load process: ${message.error}`));
        else resolve(message);
      });
      this.child.send(request);
    });
  }

  close(): void {
    if (this.child.connected) this.child.disconnect();
  }
}
