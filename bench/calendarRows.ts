import { performance } from 'node:perf_hooks';
import { type DataSource } from 'typeorm';
import { dialectOf } from '../adapters/outbound/persistence/typeorm/sql/Dialect';
import { CALENDAR_INDEX, calendarPage, calendarTotal, type Statement } from '../adapters/outbound/persistence/typeorm/sql/postCalendar';
import { MONTH, postsInMonth } from './calendar';
import { calendarPairs } from './calendarPairs';
import { type LoadRequest } from './loadProtocol';
import { type Measured } from './report';

/**
 * Today's status-filtered list: the calendar's baseline (issue 21), twice. `status=published`
 * hydrates the same kind of posts as the month (published, one target, postedAt and a
 * platform id each), so it is the like-for-like baseline; `status=scheduled` (pending targets,
 * no postedAt) is the one measured before (docs/performance.md, "Issue 21: the calendar").
 */
const BY_STATUS = 'posts.list status=scheduled (limit 20)';
const PUBLISHED = 'posts.list status=published (limit 20)';
const CALENDAR = 'posts.list calendar (a month, ~3,000 posts)';
/** The second measurement of a row, in the scheduled, published, calendar, calendar, published, scheduled order. */
const AGAIN = ' (again)';

type Row = { readonly name: string; readonly request: Omit<LoadRequest, 'connections' | 'warmupSeconds' | 'seconds'> };

/**
 * The calendar's rows and their baselines, in the order scheduled, published, calendar,
 * calendar, published, scheduled: a load that rises or falls through the six runs (the machine
 * is shared) weighs on every side alike. The calendar row asks for a month (bench/calendar.ts),
 * soonest first, as a calendar view pages it.
 */
export function calendarRows(postsUrl: string, headers: Record<string, string>): Row[] {
  const get = (query: string) => ({ url: `${postsUrl}?${query}`, method: 'GET' as const, headers });
  const byStatus = get('status=scheduled&limit=20');
  const published = get('status=published&limit=20');
  const calendar = get(`from=${MONTH.from}&to=${MONTH.to}&sort=scheduledAt&limit=20`);
  return [
    { name: BY_STATUS, request: byStatus },
    { name: PUBLISHED, request: published },
    { name: CALENDAR, request: calendar },
    { name: `${CALENDAR}${AGAIN}`, request: calendar },
    { name: `${PUBLISHED}${AGAIN}`, request: published },
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
  if (name.startsWith(PUBLISHED)) return postsWithStatus(seeded.dataSource, seeded.workspaceId, 'published');
  if (name.startsWith(CALENDAR)) return postsInMonth(seeded.dataSource, seeded.workspaceId);
  return posts;
}

async function postsWithStatus(dataSource: DataSource, workspaceId: string, status: string): Promise<number> {
  const [row] = (await dataSource.query('SELECT COUNT(*) AS n FROM posts WHERE workspace_id = ? AND status = ?', [workspaceId, status])) as Array<{
    n: number | string;
  }>;
  return Number(row!.n);
}

/** req/s of the calendar's two runs over req/s of each baseline's two runs, in the same run. */
export function calendarRatio(rows: readonly Measured[]): string[] {
  const runs = (name: string) => rows.filter((row) => row.operation === name || row.operation === `${name}${AGAIN}`);
  const calendar = runs(CALENDAR);
  if (calendar.length === 0) return ['posts.list calendar: not measured'];
  const rate = (measured: Measured[]) => measured.reduce((total, m) => total + m.result.requestsPerSecond, 0);
  const p99 = (measured: Measured[]) => measured.map((m) => m.result.p99Ms.toFixed(0)).join('/');
  // CPU of the service's process per request (server CPU / req/s), what sharing the machine changes least.
  const cpuPerRequest = (measured: Measured[]) => measured.reduce((total, m) => total + m.result.serverCpu / m.result.requestsPerSecond, 0) / measured.length;
  const baselines: Array<[string, Measured[]]> = [
    ['status=published, like for like', runs(PUBLISHED)],
    ['status=scheduled, as measured before', runs(BY_STATUS)],
  ];
  return baselines.flatMap(([label, list]) => {
    if (list.length === 0) return [];
    return [
      `posts.list calendar vs ${label} (same run, each side twice): ${rate(calendar).toFixed(0)} / ${rate(list).toFixed(0)} req/s = **${(rate(calendar) / rate(list)).toFixed(3)}** ` +
        `(SQL/req ${calendar[0]!.statements} vs ${list[0]!.statements}; p99 ${p99(calendar)} vs ${p99(list)} ms; service CPU per request ${(cpuPerRequest(calendar) * 1e6).toFixed(0)} vs ${(cpuPerRequest(list) * 1e6).toFixed(0)} µs)`,
    ];
  });
}

/**
 * The calendar row's statements alone, sequential (30 runs each), and their plans: where its
 * time goes. `total` is the month from the kept days; `counted` the COUNT(DISTINCT) over the
 * month's index range it replaced (the same count a platform, connection or status still gets).
 */
export async function calendarDiagnostics(dataSource: DataSource, workspaceId: string): Promise<string[]> {
  const d = dialectOf(dataSource);
  const query = { workspaceId, targets: { from: new Date(MONTH.from), to: new Date(MONTH.to) }, sort: 'scheduledAt' as const, limit: 20, offset: 0 };
  const total = calendarTotal(d, query)!;
  const [from, to] = [d.date(new Date(MONTH.from)), d.date(new Date(MONTH.to))];
  const counted: Statement = [
    `SELECT COUNT(DISTINCT t.post_id) AS total FROM post_targets t ${d.sqlite ? `INDEXED BY ${CALENDAR_INDEX}` : `FORCE INDEX (${CALENDAR_INDEX})`} WHERE t.workspace_id = ? AND t.calendar_at >= ? AND t.calendar_at < ?`,
    [workspaceId, from, to],
  ];
  const page = calendarPage(d, query).ids;
  const deep = calendarPage(d, { ...query, offset: 2960 }).ids;
  const newest = calendarPage(d, { ...query, sort: undefined }).ids;
  const times = {
    total: await meanMs(dataSource, total),
    counted: await meanMs(dataSource, counted),
    page: await meanMs(dataSource, page),
    deep: await meanMs(dataSource, deep),
    newest: await meanMs(dataSource, newest),
  };
  return [
    `posts.list calendar internals (a month, alone, sequential): total from the kept days ${times.total.toFixed(2)} ms (counted from the index instead: ${times.counted.toFixed(2)} ms), page of 20 ids ${times.page.toFixed(2)} ms ` +
      `(offset 2960, grouped: ${times.deep.toFixed(2)} ms; newest first, each post's creation read: ${times.newest.toFixed(2)} ms)`,
    `  total plan: ${(await explain(dataSource, total)).join(' / ')}`,
    `  page plan:  ${(await explain(dataSource, page)).join(' / ')}`,
    await calendarPairs(dataSource, workspaceId),
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
