import inspector from 'node:inspector';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * BENCH_PROFILE=1: samples the bench process (the service's event loop) with V8's CPU
 * profiler while `work` runs and sums self time by package. The profiler itself costs
 * throughput, so the figures of a profiled run are not the ones to record.
 */
export async function profiled<T>(enabled: boolean, work: () => Promise<T>): Promise<{ result: T; breakdown: string | null }> {
  if (!enabled) return { result: await work(), breakdown: null };
  const session = new inspector.Session();
  session.connect();
  const post = <R>(method: string) =>
    new Promise<R>((resolve, reject) => {
      session.post(method, (error, answer) => (error ? reject(error) : resolve(answer as R)));
    });
  await post('Profiler.enable');
  await post('Profiler.start');
  try {
    const result = await work();
    const { profile } = await post<{ profile: Profile }>('Profiler.stop');
    return { result, breakdown: breakdown(profile) };
  } finally {
    session.disconnect();
  }
}

function breakdown(profile: Profile): string {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byBucket = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const bucket = bucketOf(nodes.get(id)!);
    byBucket.set(bucket, (byBucket.get(bucket) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const idle = byBucket.get('(idle)') ?? 0;
  byBucket.delete('(idle)');
  const busy = [...byBucket.values()].reduce((sum, t) => sum + t, 0);
  const top = [...byBucket].sort((a, b) => b[1] - a[1]).slice(0, 8);
  return `busy ${((busy / (busy + idle)) * 100).toFixed(0)}% of the time; of that: ${top.map(([name, t]) => `${name} ${((t / busy) * 100).toFixed(0)}%`).join(', ')}`;
}

const SQLITE_CALLS = new Set(['all', 'get', 'run', 'iterate', 'exec', 'pragma', 'prepare']);
const CRYPTO_CALLS = new Set(['Hash', 'Hmac', 'digest', 'update', 'timingSafeEqual', 'scrypt']);

function bucketOf(node: ProfileNode): string {
  const { url, functionName } = node.callFrame;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return 'node internals';
  if (url !== '') return 'Dispatch code';
  if (functionName === '(idle)' || functionName === '(garbage collector)') return functionName;
  // Native frames have no script: better-sqlite3's statement calls are the SQLite engine itself,
  // writev/writeBuffer the socket write system calls (HTTP responses, MySQL packets).
  if (SQLITE_CALLS.has(functionName)) return 'SQLite engine';
  if (functionName.startsWith('write')) return 'socket writes';
  if (CRYPTO_CALLS.has(functionName)) return 'crypto';
  return 'other native';
}
