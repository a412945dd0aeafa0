import { type TimedCall } from './timedCallPublisher';

/** What the timed calls of one row say about throughput and lag. */
export interface CallFigures {
  /** Calls per second from the first call to the last. */
  readonly targetsPerSecond: number;
  /** The first call's lag: how soon the workers noticed (their poll), before any queueing. */
  readonly lagFirstMs: number;
  readonly lagP50Ms: number;
  readonly lagP99Ms: number;
  readonly lagMaxMs: number;
  /** Calls made by each worker process, largest first. */
  readonly callsPerWorker: readonly number[];
}

/** The figures of `calls` (checked beforehand), their lag counted from `dueAt`. */
export function callFigures(calls: readonly TimedCall[], dueAt: Date): CallFigures {
  const times = calls.map((call) => call.atMs).sort((a, b) => a - b);
  const lags = times.map((at) => at - dueAt.getTime());
  const perPid = new Map<number, number>();
  for (const call of calls) perPid.set(call.pid, (perPid.get(call.pid) ?? 0) + 1);
  return {
    targetsPerSecond: calls.length / ((times[times.length - 1]! - times[0]!) / 1000),
    lagFirstMs: lags[0]!,
    lagP50Ms: percentile(lags, 0.5),
    lagP99Ms: percentile(lags, 0.99),
    lagMaxMs: lags[lags.length - 1]!,
    callsPerWorker: [...perPid.values()].sort((a, b) => b - a),
  };
}

/** Nearest rank on sorted values. */
const percentile = (sorted: readonly number[], share: number): number => sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;

/** The errors of the ticks a worker process logged as failed (one JSON line each). */
export function failedTicksIn(output: string): string[] {
  return output
    .split('\n')
    .filter((line) => line.includes('"message":"publishing tick failed"'))
    .map((line) => String((JSON.parse(line) as { error?: unknown }).error));
}
