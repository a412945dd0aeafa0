import { performance } from 'node:perf_hooks';
import { type DataSource } from 'typeorm';
import { dialectOf } from '../adapters/outbound/persistence/typeorm/sql/Dialect';
import { pageIdsSql, pageParameters, totalParameters, totalSql } from '../adapters/outbound/persistence/typeorm/sql/postReads';

export interface ListDiagnostics {
  /** Mean time of the post_counts read posts.list runs for `total`, alone, sequentially. */
  readonly totalMs: number;
  /** Mean time of the query for one page of ids (limit 20, offset 0), alone. */
  readonly pageMs: number;
  /** Mean time of the COUNT(*) over the workspace's posts that `total` cost before post_counts. */
  readonly replacedCountMs: number;
  readonly totalPlan: string[];
  readonly pagePlan: string[];
}

const RUNS = 30;

/** Times and EXPLAINs the total and the page of ids posts.list reads (from postReads.ts). */
export async function listDiagnostics(dataSource: DataSource, workspaceId: string): Promise<ListDiagnostics> {
  const total: [string, unknown[]] = [totalSql(dialectOf(dataSource), false), totalParameters({ workspaceId })];
  const page: [string, unknown[]] = [pageIdsSql(false), pageParameters({ workspaceId, limit: 20, offset: 0 })];
  return {
    totalMs: await meanMs(() => dataSource.query(...total)),
    pageMs: await meanMs(() => dataSource.query(...page)),
    replacedCountMs: await meanMs(() => dataSource.query('SELECT COUNT(*) AS total FROM posts WHERE workspace_id = ?', [workspaceId])),
    totalPlan: await explain(dataSource, total),
    pagePlan: await explain(dataSource, page),
  };
}

async function meanMs(work: () => Promise<unknown>): Promise<number> {
  await work();
  const started = performance.now();
  for (let i = 0; i < RUNS; i++) await work();
  return (performance.now() - started) / RUNS;
}

async function explain(dataSource: DataSource, [sql, parameters]: [string, unknown[]]): Promise<string[]> {
  if (dataSource.options.type === 'better-sqlite3') {
    const rows: Array<{ detail: string }> = await dataSource.query(`EXPLAIN QUERY PLAN ${sql}`, parameters);
    return rows.map((row) => row.detail);
  }
  const rows: Array<Record<string, unknown>> = await dataSource.query(`EXPLAIN ${sql}`, parameters);
  return rows.map((row) =>
    `table=${String(row.table)} type=${String(row.type)} key=${String(row.key)} rows≈${String(row.rows)} ${String(row.Extra ?? '')}`.trim(),
  );
}
