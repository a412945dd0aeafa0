import { performance } from 'node:perf_hooks';
import { type DataSource } from 'typeorm';

type Statement = [sql: string, parameters: unknown[]];

/**
 * Records the statements (with their parameters) the service sends while `work` runs, by
 * wrapping the DataSource logger's logQuery as bench/sqlCounter.ts does. Only for single,
 * sequential requests.
 */
export function statementRecorder(dataSource: DataSource): <T>(work: () => Promise<T>) => Promise<{ result: T; statements: Statement[] }> {
  const logger = dataSource.logger;
  const original = logger.logQuery.bind(logger);
  let recording: Statement[] | null = null;
  logger.logQuery = (query, parameters, queryRunner) => {
    recording?.push([query, Array.isArray(parameters) ? [...parameters] : []]);
    return original(query, parameters, queryRunner);
  };
  return async (work) => {
    recording = [];
    try {
      const result = await work();
      return { result, statements: recording };
    } finally {
      recording = null;
    }
  };
}

/**
 * Each analytics statement of one request (those reading target_metrics), alone and
 * sequential on the service's DataSource: its mean time and its plan.
 */
export async function statementDiagnostics(dataSource: DataSource, label: string, statements: readonly Statement[]): Promise<string[]> {
  const lines: string[] = [];
  for (const [i, statement] of statements.filter(([sql]) => sql.includes('target_metrics')).entries()) {
    const { ms, cpuMs, runs } = await meanMs(dataSource, statement);
    lines.push(`  ${label} statement ${i + 1}: ${ms.toFixed(2)} ms, this process's CPU ${cpuMs.toFixed(2)} ms (mean of ${runs}) — ${shorten(statement[0])}`);
    lines.push(`    plan: ${(await explain(dataSource, statement)).join(' / ')}`);
  }
  return lines;
}

/**
 * One run to warm up, then as many as fit in a second (3 to 30): the wall time, and the CPU
 * time of this process (every thread). On SQLite that is the statement's own work, which a
 * busy machine does not inflate as it does the wall time; on MariaDB it is the client's part only.
 */
async function meanMs(dataSource: DataSource, [sql, parameters]: Statement): Promise<{ ms: number; cpuMs: number; runs: number }> {
  await dataSource.query(sql, parameters);
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  let runs = 0;
  while (runs < 30 && (runs < 3 || performance.now() - started < 1000)) {
    await dataSource.query(sql, parameters);
    runs++;
  }
  const cpu = process.cpuUsage(cpuBefore);
  return { ms: (performance.now() - started) / runs, cpuMs: (cpu.user + cpu.system) / 1000 / runs, runs };
}

async function explain(dataSource: DataSource, [sql, parameters]: Statement): Promise<string[]> {
  if (dataSource.options.type === 'better-sqlite3') {
    return ((await dataSource.query(`EXPLAIN QUERY PLAN ${sql}`, parameters)) as Array<{ detail: string }>).map((row) => row.detail);
  }
  const rows = (await dataSource.query(`EXPLAIN ${sql}`, parameters)) as Array<Record<string, unknown>>;
  return rows.map((row) =>
    `table=${String(row.table)} type=${String(row.type)} key=${String(row.key)} rows≈${String(row.rows)} ${String(row.Extra ?? '')}`.trim(),
  );
}

/** The statement with its list of sums elided: what tells statements apart is around it. */
const shorten = (sql: string): string => sql.replace(/SUM\(likes\).*COUNT\(clicks\) AS n_clicks/, 'SUM(…), COUNT(…) of the 7 figures');
