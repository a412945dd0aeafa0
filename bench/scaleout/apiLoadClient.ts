import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { type LoadOutcome, type LoadPlan, type LoadReply } from './apiLoadProtocol';

/** A load run under way in bench/scaleout/apiLoad.ts: `stop()` ends it (a run with `seconds` ends by itself) and gives its figures. */
export interface RunningLoad {
  stop(): Promise<LoadOutcome>;
  /** Resolves with the figures once the run has ended, however it ended. */
  readonly done: Promise<LoadOutcome>;
}

/** Drives the load process, one run at a time (it inherits tsx's loader through execArgv). */
export class ApiLoadClient {
  private readonly child: ChildProcess;

  constructor() {
    this.child = fork(path.join(__dirname, 'apiLoad.ts'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  }

  start(plan: LoadPlan): RunningLoad {
    const done = new Promise<LoadOutcome>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`the load process exited (code ${code})`));
      this.child.once('exit', onExit);
      this.child.once('message', (message: LoadReply) => {
        this.child.off('exit', onExit);
        if (message.kind === 'error') reject(new Error(`load process: ${message.message}`));
        else resolve(message.outcome);
      });
    });
    this.child.send({ kind: 'run', plan });
    return {
      done,
      stop: () => {
        this.child.send({ kind: 'stop' });
        return done;
      },
    };
  }

  close(): void {
    if (this.child.connected) this.child.disconnect();
  }
}
