import { type EngineRow } from './engineRun';

/** The engine rows of one database; the ratio is targets/s over the queue baseline's jobs/s. */
export function engineTable(title: string, rows: readonly EngineRow[]): string {
  const header = [
    'workers',
    'workspaces',
    'targets/s',
    'queue baseline jobs/s',
    'vs baseline',
    'first call lag ms',
    'lag p50 ms',
    'lag p99 ms',
    'lag max ms',
    'calls per worker',
    'worker CPU ms/target',
    'database CPU ms/target',
    'failed ticks',
    'baseline deadlocks',
  ];
  const body = rows.map((row) => [
    `${row.plan.workers} (${row.plan.mode})${row.plan.webhooks ? ', webhooks' : ''}`,
    String(row.plan.workspaces),
    row.targetsPerSecond.toFixed(0),
    row.baselinePerSecond.toFixed(0),
    (row.targetsPerSecond / row.baselinePerSecond).toFixed(3),
    row.lagFirstMs.toFixed(0),
    row.lagP50Ms.toFixed(0),
    row.lagP99Ms.toFixed(0),
    row.lagMaxMs.toFixed(0),
    row.callsPerWorker.join(' / '),
    row.cpu.workers === null ? 'n/a' : row.cpu.workers.msPerTarget.toFixed(2),
    row.cpu.database === null ? 'n/a' : row.cpu.database.msPerTarget.toFixed(2),
    // An in-process worker logs nowhere the bench reads.
    row.plan.mode === 'processes' ? String(row.failedTicks) : 'n/a',
    String(row.baselineDeadlocks),
  ]);
  const widths = header.map((cell, i) => Math.max(cell.length, ...body.map((cells) => cells[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i === 0 ? ` ${'-'.repeat(w)} ` : ` ${'-'.repeat(w - 1)}: `)).join('|')}|`;
  return [`### ${title}`, '', line(header), rule, ...body.map(line)].join('\n');
}
