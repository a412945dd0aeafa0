import { performance } from 'node:perf_hooks';
import { type LoadClient } from './loadClient';
import { type LoadRequest, type ServerLoadResult } from './loadProtocol';

/** How each row is loaded: BENCH_CONNECTIONS, BENCH_WARMUP_SECONDS, BENCH_SECONDS. */
export type LoadShape = Pick<LoadRequest, 'connections' | 'warmupSeconds' | 'seconds'>;

/** A request as a row names it, without the load's shape. */
export type RowRequest = Omit<LoadRequest, 'connections' | 'warmupSeconds' | 'seconds'>;

/** The load run, and the CPU the servers' process spent during it (warm-up included). */
export async function measureWithCpu(load: LoadClient, request: RowRequest, shape: LoadShape): Promise<ServerLoadResult> {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const result = await load.measure({ ...request, ...shape });
  const cpu = process.cpuUsage(cpuBefore);
  return { ...result, serverCpu: (cpu.user + cpu.system) / 1000 / (performance.now() - started) };
}

/** One request; anything but a 2xx stops the bench with the response body. */
export async function send(request: RowRequest): Promise<unknown> {
  const response = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body });
  const text = await response.text();
  if (!response.ok) throw new Error(`${request.method} ${request.url} answered ${response.status}: ${text}`);
  return JSON.parse(text);
}
