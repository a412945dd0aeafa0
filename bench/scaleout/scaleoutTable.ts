import { type LatencyFigures } from './apiLoadProtocol';
import { POSTS_CREATE, POSTS_GET, POSTS_LIST } from './loadMix';
import { type ScaleoutRow } from './scaleoutRun';

const cores = (value: number | null) => (value === null ? 'n/a' : value.toFixed(2));
const ms = (value: number) => value.toFixed(1);
const latency = (figures: LatencyFigures | undefined) => (figures === undefined ? '—' : `${ms(figures.p50Ms)} / ${ms(figures.p99Ms)}`);
const errorsOf = (row: ScaleoutRow) => {
  if (row.load === null) return '—';
  const wrong = Object.entries(row.load.wrongStatus).map(([status, n]) => `${n}×${status}`);
  return row.load.failed + wrong.length === 0 ? '0' : [...wrong, row.load.failed > 0 ? `${row.load.failed} no answer` : ''].filter(Boolean).join(', ');
};
const limitOf = (row: ScaleoutRow) =>
  row.limit === null ? '—' : `${row.limit.probeCountedOnce ? 'yes' : 'NO'}; load key ${row.limit.loadCounted}/${row.limit.loadSent} counted`;

/** The rows as a markdown table, then the ratios of the scale-out row to its baselines. */
export function scaleoutTable(rows: readonly ScaleoutRow[], targets: number): string {
  const header = [
    'row',
    'API processes',
    'workers',
    'targets/s',
    'lag p50 / p99 s',
    'calls per worker',
    'API req/s',
    'API p50 / p99 ms',
    'get p50 / p99',
    'list p50 / p99',
    'create p50 / p99',
    'errors',
    'cores: API',
    'workers',
    'MariaDB',
    'Redis',
    'failed ticks',
    'limit shared',
  ];
  const body = rows.map((row) => [
    row.plan.name,
    String(row.plan.apiProcesses),
    String(row.plan.workers),
    row.engine === null ? '—' : row.engine.targetsPerSecond.toFixed(0),
    row.engine === null ? '—' : `${(row.engine.lagP50Ms / 1000).toFixed(1)} / ${(row.engine.lagP99Ms / 1000).toFixed(1)}`,
    row.engine === null ? '—' : row.engine.callsPerWorker.join(' / '),
    row.load === null ? '—' : (row.load.ok / row.load.seconds).toFixed(1),
    row.load === null ? '—' : latency(row.load.all),
    latency(row.load?.perOperation[POSTS_GET]),
    latency(row.load?.perOperation[POSTS_LIST]),
    latency(row.load?.perOperation[POSTS_CREATE]),
    errorsOf(row),
    cores(row.cores.api),
    cores(row.cores.workers),
    `${cores(row.cores.database)} (${cores(row.cores.databaseBefore)} before)`,
    cores(row.cores.redis),
    row.plan.workers > 0 ? String(row.failedTicks) : '—',
    limitOf(row),
  ]);
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  const rule = `|${header.map((_, i) => (i === 0 ? ' --- ' : ' ---: ')).join('|')}|`;
  return [
    `### Scale-out on MariaDB: ${targets} targets due at one instant, API load at a fixed rate`,
    '',
    line(header),
    rule,
    ...body.map(line),
    '',
    // The run stops at the first row where any of these fails (scaleoutRun), so a table means they held.
    'Checked in every row: each target called exactly once (by a worker process), every target published, no job left; where there is API load, a fresh key counted once across the API processes.',
    '',
    ...ratios(rows, targets),
  ].join('\n');
}

/** Each scale-out row against each baseline of the same run, and what MariaDB spent per target and per request. */
function ratios(rows: readonly ScaleoutRow[], targets: number): string[] {
  const lines: string[] = [];
  for (const row of rows) {
    const { database, databaseBefore } = row.cores;
    if (database === null) continue;
    // All the server spent (others' databases included: an upper bound), and net of what it spent just before (never below zero).
    const spent = database * row.seconds * 1000;
    const net = Math.max(0, database - (databaseBefore ?? 0)) * row.seconds * 1000;
    const per = (count: number, what: string) =>
      `- ${row.plan.name}: MariaDB ${(spent / count).toFixed(2)} ms of CPU per ${what} (${(net / count).toFixed(2)} net of its cores before the row)`;
    if (row.plan.publish && row.plan.rate === 0) lines.push(per(targets, 'target'));
    if (!row.plan.publish && row.load !== null) lines.push(per(row.load.sent, 'request of the mix'));
  }
  const isScaled = (row: ScaleoutRow) => row.plan.publish && row.plan.rate > 0;
  for (const scaled of rows.filter(isScaled)) {
    if (scaled.engine === null || scaled.load === null) continue;
    for (const row of rows.filter((other) => !isScaled(other))) {
      if (row.engine !== null) {
        lines.push(`- targets/s, ${scaled.plan.name} / ${row.plan.name}: **${(scaled.engine.targetsPerSecond / row.engine.targetsPerSecond).toFixed(2)}**`);
      }
      if (row.load !== null) {
        const p50 = scaled.load.all.p50Ms / row.load.all.p50Ms;
        const p99 = scaled.load.all.p99Ms / row.load.all.p99Ms;
        lines.push(`- API latency, ${scaled.plan.name} / ${row.plan.name}: p50 **${p50.toFixed(2)}**, p99 **${p99.toFixed(2)}**`);
      }
    }
  }
  return lines;
}
