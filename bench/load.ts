import autocannon from 'autocannon';
import { type LoadRequest, type LoadResult } from './loadProtocol';

/**
 * The load generator, in its own process so it does not share the event loop of the
 * servers it measures. It answers one LoadRequest at a time over IPC and exits with its parent.
 */
process.on('message', (message: LoadRequest) => {
  void measure(message).then(
    (result) => process.send!(result),
    (error: unknown) => {
      process.send!({ error: error instanceof Error ? error.message : String(error) });
    },
  );
});
process.on('disconnect', () => process.exit(0));

async function measure(request: LoadRequest): Promise<LoadResult> {
  const options = {
    url: request.url,
    method: request.method,
    headers: request.headers,
    body: request.body,
    connections: request.connections,
    timeout: 10,
    ...(request.requests === undefined ? {} : { requests: request.requests.map((r) => ({ ...r })) }),
    ...(request.overallRate === undefined ? {} : { overallRate: request.overallRate }),
  };
  // Warm-up: JIT, connection pools and caches; its figures are thrown away.
  if (request.warmupSeconds > 0) await autocannon({ ...options, duration: request.warmupSeconds });
  const run = await autocannon({ ...options, duration: request.seconds });
  return {
    requestsPerSecond: run['2xx'] / run.duration,
    p50Ms: run.latency.p50,
    p99Ms: run.latency.p99,
    maxMs: run.latency.max,
    ok: run['2xx'],
    non2xx: run.non2xx,
    errors: run.errors + run.timeouts,
  };
}
