import { performance } from 'node:perf_hooks';
import { type DataSource } from 'typeorm';
import { pageOfPostIdsQuery, postTotalQuery } from '../adapters/outbound/persistence/typeorm/repositories/postListQueries';

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

/** Times and EXPLAINs the two queries the repository runs for posts.list (from postListQueries.ts). */
export async function listDiagnostics(dataSource: DataSource, workspaceId: string): Promise<ListDiagnostics> {
  const manager = dataSource.manager;
  const total = () => postTotalQuery(manager, { workspaceId });
  const page = () => pageOfPostIdsQuery(manager, { workspaceId, limit: 20, offset: 0 });
  return {
    totalMs: await meanMs(() => total().getRawOne()),
    pageMs: await meanMs(() => page().getRawMany()),
    replacedCountMs: await meanMs(() => dataSource.query('SELECT COUNT(*) AS total FROM posts WHERE workspace_id = ?', [workspaceId])),
    totalPlan: await explain(dataSource, total().getQueryAndParameters()),
    pagePlan: await explain(dataSource, page().getQueryAndParameters()),
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
