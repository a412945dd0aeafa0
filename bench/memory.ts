/** The memory of this process, which runs the service under test (the load is another process). */
export interface MemorySample {
  readonly rssMiB: number;
  readonly heapUsedMiB: number;
  /** Whether a full collection ran just before (node --expose-gc); without one, heapUsed includes garbage. */
  readonly afterGc: boolean;
}

const MiB = 2 ** 20;

/** After two full collections when `global.gc` is exposed, so only live objects are counted. */
export function sampleMemory(): MemorySample {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc !== undefined) {
    gc();
    gc();
  }
  const usage = process.memoryUsage();
  return { rssMiB: usage.rss / MiB, heapUsedMiB: usage.heapUsed / MiB, afterGc: gc !== undefined };
}

/** The highest RSS seen while `run` goes on, sampled every second (no collection forced). */
export async function peakRssDuring<T>(run: () => Promise<T>): Promise<{ result: T; peakRssMiB: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 1000);
  try {
    const result = await run();
    return { result, peakRssMiB: Math.max(peak, process.memoryUsage().rss) / MiB };
  } finally {
    clearInterval(timer);
  }
}

/** End over start, as a change: 0.05 = 5 % more. */
export const growth = (start: number, end: number) => (end - start) / start;
