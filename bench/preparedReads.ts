/**
 * The reads alone, without HTTP: the API-key lookup, posts.get's read and posts.list's (20
 * posts) through TypeORM's query runner (TypeOrm*) and through the driver's prepared statements
 * (Prepared*), on the same database, in alternating rounds, CPU per call (docs/performance.md,
 * "Issue 25: reads on prepared statements").
 *
 *   npx tsx bench/preparedReads.ts [sqlite|mariadb]      ROUNDS (6), CALLS (2000 per round)
 */
import { driverReadsOf } from '../adapters/outbound/persistence/prepared/driverReadsOf';
import { PreparedApiKeyCredentials } from '../adapters/outbound/persistence/prepared/PreparedApiKeyCredentials';
import { PreparedPostViews } from '../adapters/outbound/persistence/prepared/PreparedPostViews';
import { TypeOrmApiKeyCredentials } from '../adapters/outbound/persistence/typeorm/repositories/TypeOrmApiKeyCredentials';
import { TypeOrmPostViews } from '../adapters/outbound/persistence/typeorm/repositories/TypeOrmPostViews';
import { dialectOf } from '../adapters/outbound/persistence/typeorm/sql/Dialect';
import { lookupPrefixOf } from '../application/auth/apiKeyFormat';
import { type ApiKeyCredentials } from '../application/ports/ApiKeyCredentials';
import { type PostViews } from '../application/ports/PostViews';
import { type BenchDatabase, mariadbDatabase, sqliteDatabase } from './databases';
import { seedPosts } from './seed';
import { startService, threadBody } from './service';

interface Side {
  readonly views: PostViews;
  readonly keys: ApiKeyCredentials;
}

async function main(): Promise<void> {
  const kind = process.argv[2] ?? 'sqlite';
  const rounds = Number(process.env.ROUNDS ?? 6);
  const calls = Number(process.env.CALLS ?? 2000);
  const database = kind === 'sqlite' ? sqliteDatabase() : await mariadbDatabase();
  if ('unreachable' in database) throw new Error(database.unreachable);
  const db = database as BenchDatabase;
  const service = await startService(db.env);
  try {
    const ds = service.dataSource;
    const created = await fetch(`${service.server.baseUrl}/v1/workspaces/${service.workspaceId}/posts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${service.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(threadBody(service.connectionId, 'template')),
    });
    const postId = ((await created.json()) as { id: string }).id;
    await seedPosts(ds, postId, 1999);
    const typeOrmViews = new TypeOrmPostViews(ds);
    const typeOrmKeys = new TypeOrmApiKeyCredentials(ds);
    const reads = driverReadsOf(ds);
    const sides: Record<'typeOrm' | 'prepared', Side> = {
      typeOrm: { views: typeOrmViews, keys: typeOrmKeys },
      prepared: { views: new PreparedPostViews(reads, typeOrmViews, dialectOf(ds)), keys: new PreparedApiKeyCredentials(reads, typeOrmKeys) },
    };
    const prefix = lookupPrefixOf(service.apiKey);
    const listQuery = { workspaceId: service.workspaceId, limit: 20, offset: 0 };
    const work = {
      'API key': (side: Side) => side.keys.findByLookupPrefix(prefix),
      'posts.get read': (side: Side) => side.views.find(service.workspaceId, postId),
      'posts.list read (20)': (side: Side) => side.views.list(listQuery),
    };
    // The same answers both ways, before anything is timed.
    for (const [name, run] of Object.entries(work)) {
      const [a, b] = [JSON.stringify(await run(sides.typeOrm)), JSON.stringify(await run(sides.prepared))];
      if (a !== b) throw new Error(`${name}: the two reads differ`);
    }
    console.log(`${kind}: ${rounds} rounds of ${calls} sequential calls each, alternating; CPU µs per call (median of the rounds)`);
    for (const [name, run] of Object.entries(work)) {
      const cpu: Record<string, number[]> = { typeOrm: [], prepared: [] };
      for (let round = 0; round < rounds; round++) {
        for (const side of ['typeOrm', 'prepared'] as const) {
          const started = process.cpuUsage();
          for (let i = 0; i < calls; i++) await run(sides[side]);
          const used = process.cpuUsage(started);
          cpu[side]!.push((used.user + used.system) / calls);
        }
      }
      const [t, p] = [median(cpu.typeOrm!), median(cpu.prepared!)];
      console.log(`  ${name}: TypeORM ${t.toFixed(1)}, prepared ${p.toFixed(1)} (${(p / t).toFixed(2)}×)`);
    }
  } finally {
    await service.close();
    await db.cleanup();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
