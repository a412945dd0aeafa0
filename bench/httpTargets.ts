import { AGAIN, BARE_KOA, meanRate, PK_SELECT, POSTS_CREATE, POSTS_GET, POSTS_LIST } from './httpOperations';
import { type Measured } from './report';

/** Issue 25, item 4: each target as a ratio to a baseline of the same run, or a rate. */
interface Goal {
  readonly row: string;
  readonly baseline: string | null;
  readonly atLeast: number;
}

const GOALS: Record<'SQLite' | 'MariaDB', Goal[]> = {
  SQLite: [
    { row: POSTS_GET, baseline: BARE_KOA, atLeast: 0.25 },
    { row: POSTS_LIST, baseline: BARE_KOA, atLeast: 0.08 },
    { row: POSTS_CREATE, baseline: null, atLeast: 1750 },
  ],
  MariaDB: [
    { row: POSTS_GET, baseline: PK_SELECT, atLeast: 0.35 },
    { row: POSTS_LIST, baseline: PK_SELECT, atLeast: 0.18 },
    { row: POSTS_CREATE, baseline: null, atLeast: 800 },
  ],
};

/** The targets against the rows of one table (the API-key runs of each row, averaged). */
export function targetLines(database: 'SQLite' | 'MariaDB', rows: readonly Measured[]): string[] {
  return GOALS[database].flatMap((goal) => {
    if (!rows.some((row) => row.operation === goal.row)) return [];
    const rate = meanRate(rows, goal.row);
    const cost = cpuPerRequest(rows, goal.row);
    if (goal.baseline === null) {
      return [
        `  ${goal.row}: ${rate.toFixed(0)} req/s, target ≥ ${goal.atLeast} req/s: ${rate >= goal.atLeast ? 'met' : 'NOT met'} (server CPU ${cost.toFixed(0)} µs/req)`,
      ];
    }
    const baseline = meanRate(rows, goal.baseline);
    const ratio = rate / baseline;
    // On a shared machine a process may get less than a core: the CPU each request cost is steadier than req/s.
    const baselineCost = cpuPerRequest(rows, goal.baseline);
    return [
      `  ${goal.row}: ${rate.toFixed(0)} / ${baseline.toFixed(0)} req/s (${goal.baseline}) = **${ratio.toFixed(3)}**, target ≥ ${goal.atLeast}: ${ratio >= goal.atLeast ? 'met' : 'NOT met'} (server CPU ${cost.toFixed(0)} vs ${baselineCost.toFixed(0)} µs/req: ${(baselineCost / cost).toFixed(3)})`,
    ];
  });
}

/** CPU of the serving process per successful request, over a row's API-key runs, in µs. */
function cpuPerRequest(rows: readonly Measured[], name: string): number {
  const runs = rows.filter((row) => row.operation === name || row.operation === `${name}${AGAIN}`);
  return (runs.reduce((total, row) => total + row.result.serverCpu / row.result.requestsPerSecond, 0) / runs.length) * 1e6;
}
