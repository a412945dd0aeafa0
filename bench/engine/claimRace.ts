import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as mysql from 'mysql2/promise';
import { TOKENS as T } from '../../config/tokens';
import { MARIADB_URL, mariadbDatabase, serverOf } from '../databases';
import { engineComposition } from './engineComposition';
import { queueBaseline } from './queueBaseline';
import { seedDueTargets } from './seedDueTargets';

const RUNS = Number(process.env.BENCH_CLAIM_RUNS ?? 3);
const JOBS = Number(process.env.BENCH_CLAIM_JOBS ?? 10_000);

/**
 * The claim's deadlocks (docs/performance.md, "Issue 25: the engine set-wise"): on MariaDB,
 * RUNS times, JOBS due jobs taken by 3 claimers side by side, each claiming a round and
 * completing it (the queue baseline of the engine rows), counting the claims that ended in a
 * deadlock; then InnoDB's latest deadlock report, whoever's it was.
 * `BENCH_MYSQL_URL=mysql://root@127.0.0.1:3306/<db> npx tsx bench/engine/claimRace.ts`
 */
async function main(): Promise<void> {
  const database = await mariadbDatabase();
  if ('unreachable' in database) throw new Error(database.unreachable);
  const callLog = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dispatch-claims-')), 'calls.log');
  const composition = await engineComposition(database.env, callLog);
  try {
    const seeded = await seedDueTargets(composition, 200, 100, 1);
    const settings = composition.get(T.PublishingSettings);
    for (let run = 0; run < RUNS; run++) {
      const result = await queueBaseline(composition.get(T.PublishQueue), settings, seeded.posts, JOBS, 3);
      console.log(`run ${run + 1}: ${result.jobsPerSecond.toFixed(0)} jobs/s, ${result.deadlocks} claims ended in a deadlock`);
    }
    const url = new URL(MARIADB_URL);
    const server = await mysql.createConnection(serverOf(url));
    const [rows] = await server.query<mysql.RowDataPacket[]>('SHOW ENGINE INNODB STATUS');
    await server.end();
    const status = String(rows[0]?.Status ?? '');
    const from = status.indexOf('LATEST DETECTED DEADLOCK');
    console.log(from < 0 ? 'InnoDB reports no deadlock since the server started' : status.slice(from, status.indexOf('\nTRANSACTIONS\n', from)));
  } finally {
    await composition.close();
    await database.cleanup();
    fs.rmSync(path.dirname(callLog), { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
