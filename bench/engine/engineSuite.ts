import os from 'node:os';
import { MARIADB_URL, mariadbDatabase, sqliteDatabase } from '../databases';
import { engineRun, type EngineRow, type EngineRunPlan, type WorkerMode } from './engineRun';
import { engineTable } from './engineTable';
import { type CpuUse } from './processCpu';
import { type SteadyPlan, type SteadyRow, steadyRun } from './steadyRun';
import { steadyTable } from './steadyTable';

const numberFromEnv = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const TARGETS = numberFromEnv('BENCH_ENGINE_TARGETS', 10_000);
const CONNECTIONS = numberFromEnv('BENCH_ENGINE_CONNECTIONS', 100);
const DUE_IN_MS = numberFromEnv('BENCH_ENGINE_DUE_IN_MS', 1500);
/** The last MariaDB row spreads the same targets over this many workspaces (each has its own post_counts rows). */
const SPREAD_WORKSPACES = numberFromEnv('BENCH_ENGINE_SPREAD_WORKSPACES', 10);
/**
 * Which rows: the burst (TARGETS due at one instant), the steady ones (issue 25, item 2) and
 * `half`: a steady row at half the targets/s the burst row of the same workers sustained.
 */
const ROWS = (process.env.BENCH_ENGINE_ROWS ?? 'burst,steady,half').split(',');
const STEADY_RATE = numberFromEnv('BENCH_ENGINE_STEADY_RATE', 100);
const STEADY_SECONDS = numberFromEnv('BENCH_ENGINE_STEADY_SECONDS', 60);
/**
 * The burst rates the half row halves when this run has no burst rows (or to override them),
 * e.g. `sqlite:1637,mariadb:883`: targets/s of SQLite's 1-loop row and MariaDB's 3-process,
 * one-workspace row.
 */
const HALF_OF = new Map(
  (process.env.BENCH_ENGINE_STEADY_HALF_OF ?? '')
    .split(',')
    .filter((pair) => pair.includes(':'))
    .map((pair) => [pair.split(':')[0]!, Number(pair.split(':')[1])] as const),
);
/** The one-connection row: 1,200 posts due over 30 s on one connection. */
const ONE_CONNECTION_POSTS = numberFromEnv('BENCH_ENGINE_ONE_CONNECTION_POSTS', 1200);
const ONE_CONNECTION_SECONDS = numberFromEnv('BENCH_ENGINE_ONE_CONNECTION_SECONDS', 30);

const cpuText = (cpu: CpuUse | null) => (cpu === null ? 'n/a' : `${cpu.cores.toFixed(2)} cores, ${cpu.msPerTarget.toFixed(2)} ms/target`);

/**
 * The publishing engine's rows (issue 8): on SQLite one worker loop in the bench's own
 * process (SQLite has one writer per process: docs/decisions.md), on MariaDB 1 and 3 worker
 * processes with every target in one workspace, then 3 with the targets spread over
 * SPREAD_WORKSPACES workspaces. Each row on a fresh database. Returns the tables.
 */
export async function engineSuite(databases: readonly string[]): Promise<string> {
  const burstRates = new Map<string, number>();
  const tables = ROWS.includes('burst') ? [await burstRows(databases, burstRates)] : [];
  for (const [kind, rate] of HALF_OF) burstRates.set(kind, rate);
  if (ROWS.includes('steady') || ROWS.includes('half')) tables.push(await steadyRows(databases, burstRates));
  return tables.join('\n\n');
}

/** The burst rows; records in `rates` the targets/s of the row with the steady rows' workers (one workspace, no webhooks). */
async function burstRows(databases: readonly string[], rates: Map<string, number>): Promise<string> {
  console.log(
    `## Publishing engine: ${TARGETS} targets due at one instant (${DUE_IN_MS} ms after the workers poll), round-robin over ${CONNECTIONS} Twitter connections, zero-latency publisher`,
  );
  const tables: string[] = [];
  for (const kind of databases) {
    const plan = (workers: number, workspaces: number, mode: WorkerMode): EngineRunPlan => ({
      targets: TARGETS,
      connections: CONNECTIONS,
      workspaces,
      workers,
      mode,
      dueInMs: DUE_IN_MS,
    });
    // SQLite's second row: the same run with every workspace subscribed to every webhook event (the outbox's cost).
    const plans =
      kind === 'sqlite'
        ? [plan(1, 1, 'in-process'), { ...plan(1, 1, 'in-process'), webhooks: true }]
        : [plan(1, 1, 'processes'), plan(3, 1, 'processes'), plan(3, SPREAD_WORKSPACES, 'processes')];
    const rows: EngineRow[] = [];
    for (const planned of plans) {
      const database = kind === 'sqlite' ? sqliteDatabase() : await mariadbDatabase();
      if ('unreachable' in database) {
        const note = `MariaDB SKIPPED: cannot connect to ${new URL(MARIADB_URL).host} (${database.unreachable})`;
        console.log(`\n!! ${note}\n`);
        tables.push(`### Publishing engine, MariaDB\n\n${note}`);
        break;
      }
      try {
        console.log(
          `${database.name}, ${planned.workers} worker(s), ${planned.mode}, ${planned.workspaces} workspace(s)${planned.webhooks ? ', webhooks' : ''} (load average before: ${os.loadavg()[0]!.toFixed(2)})`,
        );
        const row = await engineRun(database, planned);
        console.log(
          `  ${row.targetsPerSecond.toFixed(0)} targets/s (queue baseline ${row.baselinePerSecond.toFixed(0)} jobs/s), lag first ${row.lagFirstMs.toFixed(0)} ms, p50 ${row.lagP50Ms.toFixed(0)} ms, p99 ${row.lagP99Ms.toFixed(0)} ms, max ${row.lagMaxMs.toFixed(0)} ms; calls per worker ${row.callsPerWorker.join(' / ')}; failed ticks ${row.failedTicks}, baseline deadlocks ${row.baselineDeadlocks}; CPU workers ${cpuText(row.cpu.workers)}, database ${cpuText(row.cpu.database)}`,
        );
        for (const failure of row.tickFailures) console.log(`  a tick failed: ${failure}`);
        rows.push(row);
        if (planned.workers === steadyWorkers(kind)[0] && planned.workspaces === 1 && !planned.webhooks) rates.set(kind, row.targetsPerSecond);
      } finally {
        await database.cleanup();
      }
    }
    if (rows.length > 0) tables.push(engineTable(`Publishing engine, ${rows[0]!.database}`, rows));
  }
  return tables.join('\n\n');
}

/** The steady rows' workers: one loop in this process on SQLite, 3 worker processes on MariaDB. */
const steadyWorkers = (kind: string) => (kind === 'sqlite' ? ([1, 'in-process'] as const) : ([3, 'processes'] as const));

/**
 * The steady rows (issue 25, item 2): STEADY_RATE targets a second falling due for
 * STEADY_SECONDS over CONNECTIONS connections, then ONE_CONNECTION_POSTS on one connection
 * over ONE_CONNECTION_SECONDS; then (`half`) half the database's burst rate for STEADY_SECONDS
 * over CONNECTIONS, first due later as its many targets take longer to be given their times.
 */
async function steadyRows(databases: readonly string[], burstRates: ReadonlyMap<string, number>): Promise<string> {
  console.log(`## Publishing engine, steady: targets due one after the other (lag against each target's own time), zero-latency publisher`);
  const tables: string[] = [];
  for (const kind of databases) {
    const [workers, mode] = steadyWorkers(kind);
    const plans: SteadyPlan[] = ROWS.includes('steady')
      ? [
          { ratePerSecond: STEADY_RATE, seconds: STEADY_SECONDS, connections: CONNECTIONS, workers, mode, startInMs: DUE_IN_MS },
          {
            ratePerSecond: ONE_CONNECTION_POSTS / ONE_CONNECTION_SECONDS,
            seconds: ONE_CONNECTION_SECONDS,
            connections: 1,
            workers,
            mode,
            startInMs: DUE_IN_MS,
          },
        ]
      : [];
    const burstRate = burstRates.get(kind);
    if (ROWS.includes('half') && burstRate !== undefined) {
      const ratePerSecond = Math.round(burstRate / 2);
      plans.push({
        ratePerSecond,
        seconds: STEADY_SECONDS,
        connections: CONNECTIONS,
        workers,
        mode,
        startInMs: Math.max(DUE_IN_MS, ratePerSecond * STEADY_SECONDS * 0.2),
      });
    } else if (ROWS.includes('half')) console.log(`  no half-rate row on ${kind}: no burst row ran and BENCH_ENGINE_STEADY_HALF_OF names no rate for it`);
    const rows: SteadyRow[] = [];
    for (const plan of plans) {
      const database = kind === 'sqlite' ? sqliteDatabase() : await mariadbDatabase();
      if ('unreachable' in database) {
        tables.push(`### Publishing engine, steady, MariaDB\n\nMariaDB SKIPPED: ${database.unreachable}`);
        break;
      }
      try {
        console.log(
          `${database.name}, ${plan.workers} worker(s), ${plan.ratePerSecond}/s for ${plan.seconds} s over ${plan.connections} connection(s) (load average before: ${os.loadavg()[0]!.toFixed(2)})`,
        );
        const row = await steadyRun(database, plan);
        console.log(
          `  lag p50 ${row.lagP50Ms.toFixed(0)} ms, p99 ${row.lagP99Ms.toFixed(0)} ms, max ${row.lagMaxMs.toFixed(0)} ms, min ${row.lagMinMs.toFixed(1)} ms, early calls ${row.early}; calls per worker ${row.callsPerWorker.join(' / ')}; failed ticks ${row.failedTicks}; CPU workers ${cpuText(row.cpu.workers)}, database ${cpuText(row.cpu.database)}`,
        );
        for (const failure of row.tickFailures) console.log(`  a tick failed: ${failure}`);
        rows.push(row);
      } finally {
        await database.cleanup();
      }
    }
    if (rows.length > 0) tables.push(steadyTable(`Publishing engine, steady, ${rows[0]!.database}`, rows));
  }
  return tables.join('\n\n');
}
