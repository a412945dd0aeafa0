import os from 'node:os';
import { MARIADB_URL, mariadbDatabase, sqliteDatabase } from '../databases';
import { engineRun, type EngineRow, type EngineRunPlan } from './engineRun';
import { engineTable } from './engineTable';

const numberFromEnv = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const TARGETS = numberFromEnv('BENCH_ENGINE_TARGETS', 10_000);
const CONNECTIONS = numberFromEnv('BENCH_ENGINE_CONNECTIONS', 100);
const DUE_IN_MS = numberFromEnv('BENCH_ENGINE_DUE_IN_MS', 1500);

/**
 * The publishing engine's rows (issue 8): on SQLite one worker loop in the bench's own
 * process (SQLite has one writer per process: docs/decisions.md), on MariaDB 1 and 3 worker
 * processes. Each row on a fresh database. Returns the tables, one per database.
 */
export async function engineSuite(databases: readonly string[]): Promise<string> {
  console.log(
    `## Publishing engine: ${TARGETS} targets due at one instant (${DUE_IN_MS} ms after the workers poll), round-robin over ${CONNECTIONS} Twitter connections, zero-latency publisher`,
  );
  const tables: string[] = [];
  for (const kind of databases) {
    const plans: EngineRunPlan[] =
      kind === 'sqlite'
        ? [{ targets: TARGETS, connections: CONNECTIONS, workers: 1, mode: 'in-process', dueInMs: DUE_IN_MS }]
        : [1, 3].map((workers) => ({ targets: TARGETS, connections: CONNECTIONS, workers, mode: 'processes', dueInMs: DUE_IN_MS }));
    const rows: EngineRow[] = [];
    for (const plan of plans) {
      const database = kind === 'sqlite' ? sqliteDatabase() : await mariadbDatabase();
      if ('unreachable' in database) {
        const note = `MariaDB SKIPPED: cannot connect to ${new URL(MARIADB_URL).host} (${database.unreachable})`;
        console.log(`\n!! ${note}\n`);
        tables.push(`### Publishing engine, MariaDB\n\n${note}`);
        break;
      }
      try {
        console.log(`${database.name}, ${plan.workers} worker(s), ${plan.mode} (load average before: ${os.loadavg()[0]!.toFixed(2)})`);
        const row = await engineRun(database, plan);
        console.log(
          `  ${row.targetsPerSecond.toFixed(0)} targets/s (queue baseline ${row.baselinePerSecond.toFixed(0)} jobs/s), lag first ${row.lagFirstMs.toFixed(0)} ms, p50 ${row.lagP50Ms.toFixed(0)} ms, p99 ${row.lagP99Ms.toFixed(0)} ms, max ${row.lagMaxMs.toFixed(0)} ms; calls per worker ${row.callsPerWorker.join(' / ')}`,
        );
        rows.push(row);
      } finally {
        await database.cleanup();
      }
    }
    if (rows.length > 0) tables.push(engineTable(`Publishing engine, ${rows[0]!.database}`, rows));
  }
  return tables.join('\n\n');
}
