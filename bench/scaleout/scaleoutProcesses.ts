import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startWorkerProcess, type WorkerProcess } from '../../test/support/workerProcess';
import { type DeployedService, freePort, startDeployed } from '../deployed';
import { failedTicksIn } from '../engine/callFigures';

/** The processes of one scale-out row: API processes as `WORKER=off npm start` runs them, and worker processes. */
export interface ScaleoutProcesses {
  readonly api: readonly DeployedService[];
  readonly workers: readonly WorkerProcess[];
  /** Stops the workers (SIGTERM, they drain) and then the API processes; the workers' failed ticks. Throws if a worker did not exit 0. */
  stop(): Promise<{ readonly tickFailures: readonly string[] }>;
}

/**
 * `apiCount` API processes (`node dist/config/main.js`, built beforehand, with `WORKER=off`,
 * each on a port and DATA_DIR of its own, all with BASE_URL naming the first as a load
 * balancer's address would) and `workerCount` worker processes (the engine bench's timed
 * worker: config/workerProcess.ts with a zero-latency publisher logging each call to
 * `callLog`), all on the database and with the settings `env` gives. Started side by side;
 * everything started is stopped again if one fails to start.
 */
export async function startScaleoutProcesses(env: Record<string, string>, apiCount: number, workerCount: number, callLog: string): Promise<ScaleoutProcesses> {
  const ports = await Promise.all(Array.from({ length: apiCount }, () => freePort()));
  const dataDirs = ports.map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'dispatch-scaleout-api-')));
  const baseUrl = ports.length > 0 ? `http://127.0.0.1:${ports[0]}` : '';
  const starting = [
    ...ports.map((port, i) => startDeployed({ ...env, DATA_DIR: dataDirs[i]!, BASE_URL: baseUrl, WORKER: 'off' }, port)),
    ...Array.from({ length: workerCount }, () => startWorkerProcess({ ...env, BENCH_CALL_LOG: callLog }, 'bench/engine/timedWorker.ts')),
  ];
  const settled = await Promise.allSettled(starting);
  const api = settled.slice(0, apiCount).flatMap((s) => (s.status === 'fulfilled' ? [s.value as DeployedService] : []));
  const workers = settled.slice(apiCount).flatMap((s) => (s.status === 'fulfilled' ? [s.value as WorkerProcess] : []));
  const stop = async () => {
    const tickFailures: string[] = [];
    const exits: string[] = [];
    for (const worker of workers) worker.kill('SIGTERM');
    for (const worker of workers) {
      const code = await worker.exited;
      tickFailures.push(...failedTicksIn(worker.output()));
      if (code !== 0) exits.push(`worker ${worker.pid} exited with ${code}:\n${worker.output().slice(-1500)}`);
    }
    await Promise.all(api.map((service) => service.close()));
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
    if (exits.length > 0) throw new Error(exits.join('\n'));
    return { tickFailures };
  };
  const failure = settled.find((s) => s.status === 'rejected');
  if (failure !== undefined) {
    await stop().catch(() => undefined);
    throw (failure as PromiseRejectedResult).reason;
  }
  return { api, workers, stop };
}
