import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TOKENS as T } from '../../config/tokens';
import { type BenchDatabase, mariadbDatabase, sqliteDatabase } from '../databases';
import { sqlCounter } from '../sqlCounter';
import { engineComposition } from './engineComposition';
import { makeDueAt, seedDueTargets } from './seedDueTargets';

const TARGETS = Number(process.env.BENCH_ROUND_TARGETS ?? 20);

/**
 * The SQL statements one engine round sends (docs/performance.md, "Issue 25: the engine
 * set-wise"): TARGETS targets due on as many connections, one round of PublishDueTargets
 * (claim included) counted with bench/sqlCounter.ts, after a first round of other targets
 * made the count rows. `npx tsx bench/engine/roundStatements.ts [sqlite|mariadb]`;
 * BENCH_ROUND_VERBOSE=1 prints each statement.
 */
async function main(kind: string): Promise<void> {
  const database = kind === 'sqlite' ? sqliteDatabase() : await mariadbDatabase();
  if ('unreachable' in database) throw new Error(database.unreachable);
  const callLog = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dispatch-round-')), 'calls.log');
  const composition = await engineComposition((database as BenchDatabase).env, callLog);
  try {
    const dataSource = composition.dataSource!;
    const seeded = await seedDueTargets(composition, 2 * TARGETS, TARGETS, 1);
    const settings = composition.get(T.PublishingSettings);
    if (settings.batchSize < TARGETS) throw new Error(`the batch is ${settings.batchSize}: set BENCH_ROUND_TARGETS at most that`);
    await makeDueAt(dataSource, new Date(Date.now() - 1000));
    const engine = composition.get(T.PublishDueTargets);
    // A first round of TARGETS: the count rows exist and are known, as in a running worker.
    const batch = settings.batchSize;
    (settings as { batchSize: number }).batchSize = TARGETS;
    await engine.run('round-counter-warm');
    const counted = sqlCounter(dataSource);
    const { result, statements } = await counted(() => engine.run('round-counter'));
    (settings as { batchSize: number }).batchSize = batch;
    const published = result.results.filter((r) => r.result === 'published').length;
    const kinds = new Map<string, number>();
    for (const sql of statements) {
      const key = sql.replace(/\s+/g, ' ').slice(0, 60);
      kinds.set(key, (kinds.get(key) ?? 0) + 1);
    }
    console.log(
      `${database.name}: ${result.claimed} claimed, ${published} published, ${statements.length} statements, ${(statements.length / Math.max(1, published)).toFixed(2)} per published target (of ${seeded.targetIds.length} seeded)`,
    );
    for (const [sql, n] of [...kinds].sort((a, b) => b[1] - a[1])) console.log(`  ${String(n).padStart(4)}  ${sql}`);
    if (process.env.BENCH_ROUND_VERBOSE === '1') for (const sql of statements) console.log(sql);
  } finally {
    await composition.close();
    await database.cleanup();
    fs.rmSync(path.dirname(callLog), { recursive: true, force: true });
  }
}

main(process.argv[2] ?? 'sqlite').catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
