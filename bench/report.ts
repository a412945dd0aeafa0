import { type LoadResult, type ServerLoadResult } from './loadProtocol';

export interface Measured {
  readonly operation: string;
  readonly result: ServerLoadResult;
  /** SQL statements one request of this operation sends. */
  readonly statements: number;
}

const fixed = (value: number, digits: number) => value.toFixed(digits);

/** One table per database; ratios are req/s of the row over req/s of each baseline. */
export function table(title: string, rows: readonly Measured[], bare: LoadResult, primaryKey: LoadResult): string {
  const header = ['operation', 'req/s', 'p50 ms', 'p99 ms', 'vs bare Koa', 'vs PK SELECT', 'SQL/req', 'server CPU', 'non-2xx', 'errors'];
  const body = rows.map(({ operation, result, statements }) => [
    operation,
    fixed(result.requestsPerSecond, 0),
    fixed(result.p50Ms, 1),
    fixed(result.p99Ms, 1),
    fixed(result.requestsPerSecond / bare.requestsPerSecond, 3),
    fixed(result.requestsPerSecond / primaryKey.requestsPerSecond, 3),
    String(statements),
    fixed(result.serverCpu, 2),
    String(result.non2xx),
    String(result.errors),
  ]);
  const widths = header.map((cell, i) => Math.max(cell.length, ...body.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i === 0 ? ` ${'-'.repeat(w)} ` : ` ${'-'.repeat(w - 1)}: `)).join('|')}|`;
  return [`### ${title}`, '', line(header), rule, ...body.map(line)].join('\n');
}
