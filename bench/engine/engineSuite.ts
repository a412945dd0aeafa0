import os from 'node:os';
import { MARIADB_URL, mariadbDatabase, sqliteDatabase } from '../databases';
import { engineRun, type EngineRow, type EngineRunPlan, type WorkerMode } from './engineRun';
import { engineTable } from './engineTable';
import { type CpuUse } from './processCpu';

const numberFromEnv = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const TARGETS = numberFromEnv('BENCH_ENGINE_TARGETS', 10_000);
const CONNECTIONS = numberFromEnv('BENCH_ENGINE_CONNECTIONS', 100);
const DUE_IN_MS = numberFromEnv('BENCH_ENGINE_DUE_IN_MS', 1500);
/** The last MariaDB row spreads the same targets over this many workspaces (each has its own post_counts rows). */
const SPREAD_WORKSPACES = numberFromEnv('BENCH_ENGINE_SPREAD_WORKSPACES', 10);

const cpuText = (cpu: CpuUse | null) => (cpu === null ? 'n/a' : `${cpu.cores.toFixed(2)} cores, ${cpu.msPerTarget.toFixed(2)} ms/target`);

/**
 * The publishing engine's rows (issue 8): on SQLite one worker loop in the bench's own
 * process (SQLite has one writer per process: docs/decisions.md), on MariaDB 1 and 3 worker
 * processes with every target in one workspace, then 3 with the targets spread over
 * SPREAD_WORKSPACES workspaces. Each row on a fresh database. Returns the tables.
 */
export async function engineSuite(databases: readonly string[]): Promise<string> {
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
      } finally {
        await database.cleanup();
      }
    }
    if (rows.length > 0) tables.push(engineTable(`Publishing engine, ${rows[0]!.database}`, rows));
  }
  return tables.join('\n\n');
}
