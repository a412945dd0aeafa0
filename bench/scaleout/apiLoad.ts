import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { type LatencyFigures, type LoadMessage, type LoadOutcome, type LoadPlan, type LoadReply, type MixedRequest } from './apiLoadProtocol';

/**
 * The scale-out bench's API load, in a process of its own (bench/scaleout/apiLoadClient.ts
 * forks it): a fixed rate of mixed requests, open loop, spread over several API processes.
 * Unlike autocannon's connections, which each wait for their answer before sending again,
 * every request leaves at its time, so a slow answer shows as latency, not as fewer requests.
 */
// An idle socket is closed after 4 s, before the service's keep-alive timeout (5 s) closes it
// from its side: a request sent on a socket the server is closing meets a reset.
const agent = new http.Agent({ keepAlive: true, maxSockets: 256, timeout: 4000 });
const TIMEOUT_MS = 10_000;
let stopRequested: (() => void) | null = null;

process.on('message', (message: LoadMessage) => {
  if (message.kind === 'stop') {
    stopRequested?.();
    return;
  }
  void run(message.plan).then(
    (outcome) => reply({ kind: 'done', outcome }),
    (error: unknown) => reply({ kind: 'error', message: error instanceof Error ? error.message : String(error) }),
  );
});
process.on('disconnect', () => process.exit(0));

const reply = (message: LoadReply) => process.send!(message);

async function run(plan: LoadPlan): Promise<LoadOutcome> {
  const stopped = new Promise<void>((resolve) => {
    stopRequested = resolve;
    if (plan.seconds !== undefined) setTimeout(resolve, plan.seconds * 1000);
  });
  let running = true;
  void stopped.then(() => {
    running = false;
  });
  const latencies = new Map<string, number[]>();
  const wrongStatus: Record<string, number> = {};
  const samples: string[] = [];
  const perProcess = plan.baseUrls.map(() => 0);
  const inFlight = new Set<Promise<void>>();
  let ok = 0;
  let failed = 0;
  const note = (text: string) => {
    if (samples.length < 5) samples.push(text);
  };
  const send = (index: number) => {
    const request = plan.mix[index % plan.mix.length]!;
    const slot = index % plan.baseUrls.length;
    perProcess[slot]!++;
    const sending = exchange(plan.baseUrls[slot]!, request).then(
      ({ status, ms, body }) => {
        const list = latencies.get(request.operation) ?? [];
        list.push(ms);
        latencies.set(request.operation, list);
        if (status === request.expectStatus) ok++;
        else {
          wrongStatus[status] = (wrongStatus[status] ?? 0) + 1;
          note(`${request.operation} ${status}: ${body.slice(0, 200)}`);
        }
      },
      (error: unknown) => {
        failed++;
        note(`${request.operation}: ${error instanceof Error ? error.message : String(error)}`);
      },
    );
    inFlight.add(sending);
    void sending.then(() => inFlight.delete(sending));
  };

  const intervalMs = 1000 / plan.rate;
  const started = performance.now();
  let sent = 0;
  while (running) {
    // Every request whose time has come leaves now, however late the timer woke.
    const due = Math.floor((performance.now() - started) / intervalMs) + 1;
    while (sent < due) send(sent++);
    const next = started + sent * intervalMs - performance.now();
    await Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, Math.max(0, next)))]);
  }
  const seconds = (performance.now() - started) / 1000;
  await Promise.all([...inFlight]);
  const perOperation: Record<string, LatencyFigures> = {};
  for (const [operation, list] of latencies) perOperation[operation] = figures(list);
  return { seconds, sent, ok, wrongStatus, failed, samples, all: figures([...latencies.values()].flat()), perOperation, perProcess };
}

/** One request and its answer, timed from the moment it is handed to the socket pool. */
function exchange(baseUrl: string, request: MixedRequest): Promise<{ status: number; ms: number; body: string }> {
  return new Promise((resolve, reject) => {
    const begun = performance.now();
    const outgoing = http.request(
      new URL(request.path, baseUrl),
      { method: request.method, headers: request.headers, agent, timeout: TIMEOUT_MS },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => resolve({ status: answer.statusCode ?? 0, ms: performance.now() - begun, body: Buffer.concat(chunks).toString() }));
        answer.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

function figures(values: number[]): LatencyFigures {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (share: number) => sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1))] ?? 0;
  return { count: sorted.length, p50Ms: rank(0.5), p99Ms: rank(0.99), maxMs: sorted[sorted.length - 1] ?? 0 };
}
