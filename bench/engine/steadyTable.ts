import { type SteadyRow } from './steadyRun';

/** The steady rows of one database: lag against each target's own time. */
export function steadyTable(title: string, rows: readonly SteadyRow[]): string {
  const header = [
    'workers',
    'due',
    'connections',
    'lag p50 ms',
    'lag p99 ms',
    'lag max ms',
    'early calls',
    'calls per worker',
    'worker CPU ms/target',
    'database CPU ms/target',
    'failed ticks',
  ];
  const body = rows.map((row) => [
    `${row.plan.workers} (${row.plan.mode})`,
    `${row.targets} over ${row.plan.seconds} s (${row.plan.ratePerSecond}/s)`,
    String(row.plan.connections),
    row.lagP50Ms.toFixed(0),
    row.lagP99Ms.toFixed(0),
    row.lagMaxMs.toFixed(0),
    String(row.early),
    row.callsPerWorker.join(' / '),
    row.cpu.workers === null ? 'n/a' : row.cpu.workers.msPerTarget.toFixed(2),
    row.cpu.database === null ? 'n/a' : row.cpu.database.msPerTarget.toFixed(2),
    row.plan.mode === 'processes' ? String(row.failedTicks) : 'n/a',
  ]);
  const widths = header.map((cell, i) => Math.max(cell.length, ...body.map((cells) => cells[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => (i <= 1 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i <= 1 ? ` ${'-'.repeat(w)} ` : ` ${'-'.repeat(w - 1)}: `)).join('|')}|`;
  return [`### ${title}`, '', line(header), rule, ...body.map(line)].join('\n');
}
