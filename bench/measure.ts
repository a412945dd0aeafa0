import { performance } from 'node:perf_hooks';
import { type LoadClient } from './loadClient';
import { type LoadRequest, type ServerLoadResult } from './loadProtocol';
import { cpuSecondsOfThisProcess } from './processCpu';

/** How each row is loaded: BENCH_CONNECTIONS, BENCH_WARMUP_SECONDS, BENCH_SECONDS. */
export type LoadShape = Pick<LoadRequest, 'connections' | 'warmupSeconds' | 'seconds'>;

/** A request as a row names it, without the load's shape. */
export type RowRequest = Omit<LoadRequest, 'connections' | 'warmupSeconds' | 'seconds'>;

/**
 * The load run, and the CPU the server's process spent during it (warm-up included):
 * `cpuSeconds` reads that process's total (the bench's own by default, for in-process servers).
 */
export async function measureWithCpu(
  load: LoadClient,
  request: RowRequest,
  shape: LoadShape,
  cpuSeconds: () => number = cpuSecondsOfThisProcess,
): Promise<ServerLoadResult> {
  const cpuBefore = cpuSeconds();
  const started = performance.now();
  const result = await load.measure({ ...request, ...shape });
  const cpu = cpuSeconds() - cpuBefore;
  return { ...result, serverCpu: (cpu * 1000) / (performance.now() - started) };
}

/** One request; anything but a 2xx stops the bench with the response body. */
export async function send(request: RowRequest): Promise<unknown> {
  const response = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body });
  const text = await response.text();
  if (!response.ok) throw new Error(`${request.method} ${request.url} answered ${response.status}: ${text}`);
  return JSON.parse(text);
}
