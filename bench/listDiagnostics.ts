import { performance } from 'node:perf_hooks';
import { type DataSource } from 'typeorm';
import { countPostsQuery, pageOfPostIdsQuery } from '../adapters/outbound/persistence/typeorm/repositories/postListQueries';

export interface ListDiagnostics {
  /** Mean time of the COUNT(*) posts.list runs for `total`, alone, sequentially. */
  readonly countMs: number;
  /** Mean time of the query for one page of ids (limit 20, offset 0), alone. */
  readonly pageMs: number;
  readonly countPlan: string[];
  readonly pagePlan: string[];
}

const RUNS = 30;

/** Times and EXPLAINs the two queries the repository runs for posts.list (from postListQueries.ts). */
export async function listDiagnostics(dataSource: DataSource, workspaceId: string): Promise<ListDiagnostics> {
  const manager = dataSource.manager;
  const count = () => countPostsQuery(manager, { workspaceId });
  const page = () => pageOfPostIdsQuery(manager, { workspaceId, limit: 20, offset: 0 });
  return {
    countMs: await meanMs(() => count().getRawOne()),
    pageMs: await meanMs(() => page().getRawMany()),
    countPlan: await explain(dataSource, ...count().getQueryAndParameters()),
    pagePlan: await explain(dataSource, ...page().getQueryAndParameters()),
  };
}

async function meanMs(work: () => Promise<unknown>): Promise<number> {
  await work();
  const started = performance.now();
  for (let i = 0; i < RUNS; i++) await work();
  return (performance.now() - started) / RUNS;
}

async function explain(dataSource: DataSource, sql: string, parameters: unknown[]): Promise<string[]> {
  if (dataSource.options.type === 'better-sqlite3') {
    const rows: Array<{ detail: string }> = await dataSource.query(`EXPLAIN QUERY PLAN ${sql}`, parameters);
    return rows.map((row) => row.detail);
  }
  const rows: Array<Record<string, unknown>> = await dataSource.query(`EXPLAIN ${sql}`, parameters);
  return rows.map((row) => `table=${String(row.table)} type=${String(row.type)} key=${String(row.key)} rows≈${String(row.rows)} ${String(row.Extra ?? '')}`.trim());
}
