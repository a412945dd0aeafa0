import { type DataSource } from 'typeorm';
import { monotonicFactory } from 'ulid';
import { type PostRow, PostSchema } from '../../adapters/outbound/persistence/typeorm/schemas/PostSchema';
import { type PostTargetRow, PostTargetSchema } from '../../adapters/outbound/persistence/typeorm/schemas/PostTargetSchema';
import { type PublishJobRow, PublishJobSchema } from '../../adapters/outbound/persistence/typeorm/schemas/PublishJobSchema';
import { type Composition } from '../../config/container';
import { TOKENS as T } from '../../config/tokens';
import { OWNER_EMAIL, PASSWORD } from '../../test/support/data/people';
import { DEFAULT_GROUP_ID, segment } from '../../test/support/data/posts';
import { SETTINGS } from '../../test/support/data/settings';

/** Rows per multi-row INSERT: under SQLite's and MySQL's placeholder limits. */
const BATCH = 500;
const DAY_MS = 24 * 60 * 60_000;

/** The seeded work: its workspaces, posts and target ids, all scheduled for one far instant. */
export interface SeededTargets {
  readonly workspaceIds: readonly string[];
  readonly posts: ReadonlyArray<{ readonly workspaceId: string; readonly postId: string }>;
  readonly targetIds: readonly string[];
}

/** A connection and the workspace it belongs to. */
interface Account {
  readonly workspaceId: string;
  readonly connectionId: string;
}

/**
 * `count` scheduled posts with one Twitter target each, spread round-robin over
 * `connections` connections (so a round's jobs are on different connections, as many
 * customers' posts are) in `workspaces` workspaces, all due a day from now. The first post
 * goes through the real use case; the others are copies of its rows (post, target, job)
 * written by multi-row INSERTs in one transaction, then post_counts is counted again from
 * the posts, as the HTTP bench's seeding does (docs/performance.md).
 */
export async function seedDueTargets(composition: Composition, count: number, connections: number, workspaces: number): Promise<SeededTargets> {
  const dataSource = composition.dataSource!;
  await composition.get(T.CreateUser).execute({ email: OWNER_EMAIL, password: PASSWORD });
  const workspaceIds: string[] = [];
  for (let i = 0; i < workspaces; i++) {
    const { workspace } = await composition.get(T.CreateWorkspace).execute({ name: `Engine bench ${i}`, ownerEmail: OWNER_EMAIL });
    workspaceIds.push(workspace.id);
  }
  const accounts: Account[] = [];
  for (let i = 0; i < connections; i++) {
    const workspaceId = workspaceIds[i % workspaces]!;
    const added = await composition.get(T.AddConnection).execute({ workspaceId, platform: 'TWITTER', handle: `@engine${i}` });
    accounts.push({ workspaceId, connectionId: added.id });
  }
  const [first] = accounts;
  const template = await composition.get(T.WritePosts).create(
    { userId: 'user-engine-bench', workspaceId: first!.workspaceId, reviewRequired: false, defaultSource: 'api' },
    {
      groups: [{ id: DEFAULT_GROUP_ID, isDefault: true, segments: [segment('Engine bench post')] }],
      targets: [{ connectionId: first!.connectionId, groupId: DEFAULT_GROUP_ID, settings: SETTINGS.TWITTER, scheduledAt: new Date(Date.now() + DAY_MS) }],
      intent: 'schedule',
    },
  );
  const copies = await copyTemplate(dataSource, template.id, count - 1, accounts);
  return {
    workspaceIds,
    posts: [{ workspaceId: first!.workspaceId, postId: template.id }, ...copies.posts],
    targetIds: [template.targets[0]!.id, ...copies.targetIds],
  };
}

async function copyTemplate(dataSource: DataSource, templateId: string, count: number, accounts: readonly Account[]) {
  const post = await dataSource.manager.findOneByOrFail(PostSchema, { id: templateId });
  const target = await dataSource.manager.findOneByOrFail(PostTargetSchema, { postId: templateId });
  const job = await dataSource.manager.findOneByOrFail(PublishJobSchema, { targetId: target.id });
  const nextId = monotonicFactory();
  const seeded: Array<{ workspaceId: string; postId: string }> = [];
  const targetIds: string[] = [];
  await dataSource.transaction(async (manager) => {
    for (let from = 0; from < count; from += BATCH) {
      const posts: PostRow[] = [];
      const targets: PostTargetRow[] = [];
      const jobs: PublishJobRow[] = [];
      for (let i = from; i < Math.min(from + BATCH, count); i++) {
        const postId = nextId();
        const targetId = nextId();
        // The template took the first connection: the copies go on from the second.
        const { workspaceId, connectionId } = accounts[(i + 1) % accounts.length]!;
        posts.push({ ...post, id: postId, workspaceId });
        targets.push({ ...target, id: targetId, postId, workspaceId, connectionId });
        jobs.push({ ...job, targetId, postId, workspaceId });
        seeded.push({ workspaceId, postId });
        targetIds.push(targetId);
      }
      for (const [schema, rows] of [
        [PostSchema, posts],
        [PostTargetSchema, targets],
        [PublishJobSchema, jobs],
      ] as const) {
        await manager.createQueryBuilder().insert().into(schema).values(rows).updateEntity(false).execute();
      }
    }
    const countColumn = dataSource.driver.escape('count');
    await manager.query('DELETE FROM post_counts');
    await manager.query(
      `INSERT INTO post_counts (workspace_id, status, ${countColumn}) SELECT workspace_id, status, COUNT(*) FROM posts GROUP BY workspace_id, status`,
    );
  });
  return { posts: seeded, targetIds };
}

/**
 * Moves every target (and its job) of the bench's database to `dueAt`, in one transaction:
 * the targets all become due at the same instant, while the workers already poll.
 */
export async function makeDueAt(dataSource: DataSource, dueAt: Date): Promise<void> {
  await dataSource.transaction(async (manager) => {
    await manager.createQueryBuilder().update(PostTargetSchema).set({ scheduledAt: dueAt }).where('1 = 1').execute();
    await manager.createQueryBuilder().update(PublishJobSchema).set({ notBefore: dueAt }).where('1 = 1').execute();
  });
}
