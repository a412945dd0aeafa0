import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { JsonLogger } from '../adapters/outbound/logging/JsonLogger';
import { flushLogsSync } from '../adapters/outbound/logging/logDestinations';
import { type Logger } from '../application/ports/Logger';
import { LegacyJsonLogger } from './legacyJsonLogger';

/**
 * `npx tsx bench/logger.ts`: the access log's line written LINES times by the hand-written
 * logger the service had (bench/legacyJsonLogger.ts) and by the pino one it has, each in a
 * process of its own whose stdout is the target (/dev/null, a file, a pipe), as the service
 * writes it: the default constructor, stdout, LOG_LEVEL=info. Lines go BATCH per event-loop
 * turn (a loaded server logs a few requests per turn), and the clock stops once every byte
 * is handed to the kernel. `pino-sync` is pino writing each line with a blocking write, to
 * tell pino's serialization from its asynchronous destination. Median of ROUNDS, alternated.
 */
const LINES = Number(process.env.BENCH_LOG_LINES ?? 200_000);
const BATCH = Number(process.env.BENCH_LOG_BATCH ?? 50);
const ROUNDS = Number(process.env.BENCH_LOG_ROUNDS ?? 3);
const VARIANTS = ['old', 'pino', 'pino-sync'] as const;
type Variant = (typeof VARIANTS)[number];

interface Run {
  readonly seconds: number;
  /** Every thread's CPU (the event loop's, and libuv's threads writing for it). */
  readonly cpuSeconds: number;
  /** The event loop's thread alone: what a request waits behind. */
  readonly mainThreadCpuSeconds: number;
}

/** This process's main thread's CPU seconds so far, from /proc (Linux; 10 ms ticks). */
function mainThreadCpuSeconds(): number {
  const stat = fs.readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are the stat file's 14th and 15th fields, the 12th and 13th after the name.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function loggerFor(variant: Variant): Logger {
  if (variant === 'old') return new LegacyJsonLogger('info');
  if (variant === 'pino') return new JsonLogger('info');
  // pino's own blocking destination: it retries a pipe's EAGAIN, as a bare writeSync would not.
  const blocking = pino.destination({ dest: 1, sync: true });
  return new JsonLogger('info', (line) => blocking.write(`${line}\n`));
}

/** In the child: LINES access-log lines, BATCH per turn; the figures on stderr. */
async function writeLines(variant: Variant): Promise<void> {
  const logger = loggerFor(variant);
  const cpu = process.cpuUsage();
  const mainCpu = mainThreadCpuSeconds();
  const started = process.hrtime.bigint();
  for (let written = 0; written < LINES; ) {
    for (const end = Math.min(LINES, written + BATCH); written < end; written += 1) {
      logger.info('request', {
        requestId: `01JDQ8Z${String(written).padStart(19, '0')}`,
        method: written % 5 === 0 ? 'POST' : 'GET',
        path: `/v1/workspaces/01ARZ3NDEKTSV4RRFFQ69G5FAV/posts/01JDQ8ZK${String(written % 100_000).padStart(18, '0')}`,
        status: written % 50 === 0 ? 404 : 200,
        client: '127.0.0.1',
        durationMs: 0.5 + (written % 997) / 1000,
        credential: 'api_key:01JDQ8ZKX0G5K3M4N5P6Q7R8S9',
      });
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  flushLogsSync();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const used = process.cpuUsage(cpu);
  const run: Run = { seconds, cpuSeconds: (used.user + used.system) / 1e6, mainThreadCpuSeconds: mainThreadCpuSeconds() - mainCpu };
  process.stderr.write(`${JSON.stringify(run)}\n`);
}

const PIPE = 'a pipe';

/** One child writing LINES lines to `target`: /dev/null, a file, or a pipe this process drains. */
function runChild(variant: Variant, target: string): Run {
  const args = [...process.execArgv, __filename, variant];
  if (target === PIPE) {
    const child = spawnSync(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', maxBuffer: 1 << 30 });
    if (child.status !== 0) throw new Error(`${variant} exited with ${child.status}: ${child.stderr}`);
    checkLines(child.stdout, 'the pipe');
    return JSON.parse(child.stderr.trim().split('\n').at(-1)!) as Run;
  }
  const out = fs.openSync(target, 'w');
  try {
    const child = spawnSync(process.execPath, args, { stdio: ['ignore', out, 'pipe'], encoding: 'utf8' });
    if (child.status !== 0) throw new Error(`${variant} exited with ${child.status}: ${child.stderr}`);
    if (target !== '/dev/null') checkLines(fs.readFileSync(target, 'utf8'), target);
    return JSON.parse(child.stderr.trim().split('\n').at(-1)!) as Run;
  } finally {
    fs.closeSync(out);
  }
}

/** Every line is there, whole, and parses. */
function checkLines(output: string, where: string): void {
  const lines = output.split('\n').filter((line) => line !== '');
  if (lines.length !== LINES) throw new Error(`${where}: ${lines.length} lines, expected ${LINES}`);
  for (const line of lines) JSON.parse(line);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function measure(): void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dispatch-logger-bench-'));
  try {
    const rows: string[] = [];
    for (const target of ['/dev/null', path.join(dir, 'log.jsonl'), PIPE]) {
      const runs = new Map<Variant, Run[]>(VARIANTS.map((variant) => [variant, []]));
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const variant of VARIANTS) runs.get(variant)!.push(runChild(variant, target));
      }
      const rate = (variant: Variant) => LINES / median(runs.get(variant)!.map((run) => run.seconds));
      const perLine = (variant: Variant, cpu: (run: Run) => number) => (median(runs.get(variant)!.map(cpu)) / LINES) * 1e6;
      const mainThread = (run: Run) => run.mainThreadCpuSeconds;
      const allThreads = (run: Run) => run.cpuSeconds;
      for (const variant of VARIANTS) {
        const cells = [
          target === '/dev/null' || target === PIPE ? target : 'a file',
          variant,
          rate(variant).toFixed(0),
          (rate(variant) / rate('old')).toFixed(2),
          perLine(variant, mainThread).toFixed(2),
          (perLine(variant, mainThread) / perLine('old', mainThread)).toFixed(2),
          perLine(variant, allThreads).toFixed(2),
          (perLine(variant, allThreads) / perLine('old', allThreads)).toFixed(2),
        ];
        rows.push(`| ${cells.join(' | ')} |`);
      }
    }
    console.log(`${LINES} access-log lines, ${BATCH} per event-loop turn, median of ${ROUNDS} (node ${process.version}, ${os.cpus().length} CPUs)\n`);
    console.log(
      [
        '| target | logger | lines/s | vs old | event-loop CPU µs/line | vs old | all threads CPU µs/line | vs old |',
        '|---|---|---:|---:|---:|---:|---:|---:|',
      ].join('\n'),
    );
    for (const row of rows) console.log(row);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const variant = process.argv[2] as Variant | undefined;
if (variant === undefined) measure();
else if (VARIANTS.includes(variant)) void writeLines(variant);
else throw new Error(`unknown variant ${variant}`);
