import { buildPublishingWorker } from '../../config/publishingWorker';
import { type Composition } from '../../config/container';
import { startWorkerProcess } from '../../test/support/workerProcess';
import { type BenchDatabase } from '../databases';
import { ENGINE_SECRET_KEY } from './engineComposition';
import { failedTicksIn } from './callFigures';

/** How the workers run: separate `npm run worker` processes, or one loop in this process (SQLite). */
export type WorkerMode = 'processes' | 'in-process';

/** The workers of a row, started: their pids (this process for an in-process loop), and how to stop each. */
export interface StartedWorkers {
  readonly pids: number[];
  readonly stops: Array<() => Promise<unknown>>;
  /** The failed ticks the worker processes logged, filled as they stop. */
  readonly tickFailures: string[];
}

/** `count` workers as `mode` runs them, their publishers logging each call to `callLog`. */
export async function startEngineWorkers(
  composition: Composition,
  database: BenchDatabase,
  callLog: string,
  count: number,
  mode: WorkerMode,
): Promise<StartedWorkers> {
  const started: StartedWorkers = { pids: [], stops: [], tickFailures: [] };
  for (let i = 0; i < count; i++) {
    if (mode === 'in-process') {
      const worker = buildPublishingWorker(composition);
      worker.start();
      started.stops.push(() => worker.stop(10_000));
      if (i === 0) started.pids.push(process.pid);
      continue;
    }
    const env = { ...database.env, SECRET_KEY: ENGINE_SECRET_KEY, BOOTSTRAP: 'false', BENCH_CALL_LOG: callLog };
    const worker = await startWorkerProcess(env, 'bench/engine/timedWorker.ts');
    started.pids.push(worker.pid);
    started.stops.push(async () => {
      worker.kill('SIGTERM');
      const code = await worker.exited;
      started.tickFailures.push(...failedTicksIn(worker.output()));
      if (code !== 0) throw new Error(`worker ${worker.pid} exited with ${code}:\n${worker.output().slice(-2000)}`);
    });
  }
  return started;
}
