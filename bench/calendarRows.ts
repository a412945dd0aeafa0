import { performance } from 'node:perf_hooks';
import { type DataSource } from 'typeorm';
import { dialectOf } from '../adapters/outbound/persistence/typeorm/sql/Dialect';
import { calendarPage, calendarTotal, type Statement } from '../adapters/outbound/persistence/typeorm/sql/postCalendar';
import { MONTH, postsInMonth } from './calendar';
import { type LoadRequest } from './loadProtocol';
import { type Measured } from './report';

/** Today's status-filtered list: the calendar's baseline (issue 21). */
const BY_STATUS = 'posts.list status=scheduled (limit 20)';
const CALENDAR = 'posts.list calendar (a month, ~3,000 posts)';
/** The second measurement of a row, in the status, calendar, calendar, status order. */
const AGAIN = ' (again)';

type Row = { readonly name: string; readonly request: Omit<LoadRequest, 'connections' | 'warmupSeconds' | 'seconds'> };

/**
 * The calendar's rows and their baseline, in the order status, calendar, calendar, status: a
 * load that rises or falls through the four runs (the machine is shared) weighs on both
 * sides alike. The calendar row asks for a month (bench/calendar.ts), soonest first, as a
 * calendar view pages it.
 */
export function calendarRows(postsUrl: string, headers: Record<string, string>): Row[] {
  const byStatus = { url: `${postsUrl}?status=scheduled&limit=20`, method: 'GET' as const, headers };
  const calendar = { url: `${postsUrl}?from=${MONTH.from}&to=${MONTH.to}&sort=scheduledAt&limit=20`, method: 'GET' as const, headers };
  return [
    { name: BY_STATUS, request: byStatus },
    { name: CALENDAR, request: calendar },
    { name: `${CALENDAR}${AGAIN}`, request: calendar },
    { name: `${BY_STATUS}${AGAIN}`, request: byStatus },
  ];
}

/** The total a posts.list row must report before it is timed. */
export async function expectedListTotal(
  name: string,
  posts: number,
  seeded: { dataSource: DataSource; workspaceId: string; scheduled: number },
): Promise<number> {
  if (name.startsWith(BY_STATUS)) return seeded.scheduled;
  if (name.startsWith(CALENDAR)) return postsInMonth(seeded.dataSource, seeded.workspaceId);
  return posts;
}

/** req/s of the calendar's two runs over req/s of the status-filtered list's two runs. */
export function calendarRatio(rows: readonly Measured[]): string[] {
  const runs = (name: string) => rows.filter((row) => row.operation === name || row.operation === `${name}${AGAIN}`);
  const calendar = runs(CALENDAR);
  const byStatus = runs(BY_STATUS);
  if (calendar.length === 0 || byStatus.length === 0) return ['posts.list calendar: not measured'];
  const rate = (measured: Measured[]) => measured.reduce((total, m) => total + m.result.requestsPerSecond, 0);
  const p99 = (measured: Measured[]) => measured.map((m) => m.result.p99Ms.toFixed(0)).join('/');
  return [
    `posts.list calendar vs status-filtered list (same run, status-calendar-calendar-status): ${rate(calendar).toFixed(0)} / ${rate(byStatus).toFixed(0)} req/s = **${(rate(calendar) / rate(byStatus)).toFixed(3)}** (SQL/req ${calendar[0]!.statements} vs ${byStatus[0]!.statements}; p99 ${p99(calendar)} vs ${p99(byStatus)} ms)`,
  ];
}

/** The calendar row's two statements alone, sequential (30 runs each), and their plans: where its time goes. */
export async function calendarDiagnostics(dataSource: DataSource, workspaceId: string): Promise<string[]> {
  const d = dialectOf(dataSource);
  const query = { workspaceId, targets: { from: new Date(MONTH.from), to: new Date(MONTH.to) }, sort: 'scheduledAt' as const, limit: 20, offset: 0 };
  const total = calendarTotal(d, query)!;
  const page = calendarPage(d, query).ids;
  const deep = calendarPage(d, { ...query, offset: 2960 }).ids;
  const newest = calendarPage(d, { ...query, sort: undefined }).ids;
  const times = {
    total: await meanMs(dataSource, total),
    page: await meanMs(dataSource, page),
    deep: await meanMs(dataSource, deep),
    newest: await meanMs(dataSource, newest),
  };
  return [
    `posts.list calendar internals (a month, alone, sequential): total ${times.total.toFixed(2)} ms, page of 20 ids ${times.page.toFixed(2)} ms ` +
      `(offset 2960, grouped: ${times.deep.toFixed(2)} ms; newest first, each post's creation read: ${times.newest.toFixed(2)} ms)`,
    `  total plan: ${(await explain(dataSource, total)).join(' / ')}`,
    `  page plan:  ${(await explain(dataSource, page)).join(' / ')}`,
  ];
}

async function meanMs(dataSource: DataSource, [sql, parameters]: Statement, runs = 30): Promise<number> {
  await dataSource.query(sql, parameters);
  const started = performance.now();
  for (let i = 0; i < runs; i++) await dataSource.query(sql, parameters);
  return (performance.now() - started) / runs;
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
