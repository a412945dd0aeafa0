import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { type DataSource } from 'typeorm';
import { createDataSource, initializeDataSource } from '../adapters/outbound/persistence/typeorm/createDataSource';
import { TypeOrmPostRepository } from '../adapters/outbound/persistence/typeorm/repositories/TypeOrmPostRepository';
import { TypeOrmWorkspaceRepository } from '../adapters/outbound/persistence/typeorm/repositories/TypeOrmWorkspaceRepository';
import { CalendarDays } from '../adapters/outbound/persistence/typeorm/sql/calendarDays';
import { type Platform } from '../domain/platform/Platform';
import { Post } from '../domain/post/Post';
import { Workspace } from '../domain/workspace/Workspace';
import { connectionsIn } from '../test/support/data/connections';
import { group } from '../test/support/data/posts';
import { target } from '../test/unit/domain/post/postFixtures';
import { MARIADB_URL, mariadbDatabase } from './databases';

/**
 * What a save costs the writer (docs/performance.md, "Issue 21: the calendar"): through the
 * repository, no HTTP, sequential, on a fresh database. Creates: a draft with three targets
 * at times spread over 30 days (the calendar's kept days move at each). Moves: one target of
 * a stored post to another day. Each is timed in batches of 100 saves, every other batch with
 * the kept days left out (CalendarDays.move made a no-op, as before they existed), so that a
 * shared machine's changing load weighs on both alike; medians of the batches' means.
 * `npx tsx bench/calendarSaveCost.ts`; BENCH_DATABASES, BENCH_SAVES (2,000 of each kind and
 * variant) and BENCH_MYSQL_URL as for the bench.
 */
const SAVES = Number(process.env.BENCH_SAVES ?? 2000);
const BATCH = 100;
const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite,mariadb').split(',');
const PLATFORMS: Platform[] = ['TWITTER', 'BLUESKY', 'LINKEDIN'];
const DAY = 86_400_000;
const START = Date.UTC(2031, 0, 1);
const NOW = new Date(START - DAY);

async function main(): Promise<void> {
  console.log(
    `# Save cost, ${new Date().toISOString()}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; ${SAVES} saves each`,
  );
  for (const kind of DATABASES) {
    const dataSource = await open(kind);
    if (dataSource === null) continue;
    try {
      console.log(`${kind}: ${await measure(dataSource)}`);
    } finally {
      await dataSource.destroy();
    }
  }
}

async function open(kind: string): Promise<DataSource | null> {
  if (kind === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dispatch-save-cost-'));
    process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    const dataSource = createDataSource({ kind: 'sqlite', file: path.join(dir, 'dispatch.sqlite') });
    await initializeDataSource(dataSource);
    await dataSource.runMigrations({ transaction: 'each' });
    return dataSource;
  }
  const database = await mariadbDatabase();
  if ('unreachable' in database) {
    console.log(`MariaDB SKIPPED: ${database.unreachable}`);
    return null;
  }
  const dataSource = createDataSource({ kind: 'mysql', url: MARIADB_URL });
  await initializeDataSource(dataSource);
  await dataSource.runMigrations({ transaction: 'each' });
  return dataSource;
}

async function measure(dataSource: DataSource): Promise<string> {
  const workspace = Workspace.create({ id: 'W00000000000000000000SAVES', name: 'Save cost', now: NOW });
  await new TypeOrmWorkspaceRepository(dataSource).save(workspace);
  const posts = new TypeOrmPostRepository(dataSource);
  const ctx = { now: NOW, reviewRequired: false, connectionOf: connectionsIn(workspace.id) };
  let n = 0;
  const id = (lead: string) => `${lead}${String(++n).padStart(25, '0')}`;
  const someTime = () => new Date(START + Math.floor(Math.random() * 30 * DAY));
  const draft = () =>
    Post.create(
      { id: id('P'), workspaceId: workspace.id, groups: [group()], targets: PLATFORMS.map((p) => target(id('t'), p, { scheduledAt: someTime() })) },
      ctx,
    );
  const keepDays = CalendarDays.prototype.move;
  const skipDays: typeof keepDays = async () => undefined;
  const batches: Record<string, number[]> = {};
  const timed = async (name: string, save: (kept: boolean) => Promise<void>) => {
    for (let batch = 0; batch < (2 * SAVES) / BATCH; batch++) {
      const kept = batch % 2 === 0;
      CalendarDays.prototype.move = kept ? keepDays : skipDays;
      const started = performance.now();
      for (let i = 0; i < BATCH; i++) await save(kept);
      const key = `${name}${kept ? '' : ' without'}`;
      batches[key] = [...(batches[key] ?? []), (performance.now() - started) / BATCH];
    }
    CalendarDays.prototype.move = keepDays;
  };
  for (let i = 0; i < 200; i++) await posts.save(draft());
  const created: Post[] = [];
  await timed('create', async () => {
    const post = draft();
    created.push(post);
    await posts.save(post);
  });
  // Each post moved under the variant it was created under: one whose days were never counted is never counted down.
  const byVariant = [0, 1].map((variant) => created.filter((_, i) => Math.floor(i / BATCH) % 2 === variant));
  const next = [0, 0];
  await timed('move', async (kept) => {
    const variant = kept ? 0 : 1;
    const pool = byVariant[variant]!;
    const post = pool[next[variant]!++ % pool.length]!;
    post.updateTarget(post.targets[0]!.id, { scheduledAt: someTime() }, ctx);
    await posts.save(post);
  });
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const figure = (name: string) => `${median(batches[name]!).toFixed(3)} ms (without the kept days ${median(batches[`${name} without`]!).toFixed(3)} ms)`;
  return `create (three targets) ${figure('create')}, move a target ${figure('move')} per save`;
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
