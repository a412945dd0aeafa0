import { type DataSource } from 'typeorm';
import { monotonicFactory } from 'ulid';
import { type PostRow, PostSchema } from '../adapters/outbound/persistence/typeorm/schemas/PostSchema';
import { type PostTargetRow, PostTargetSchema } from '../adapters/outbound/persistence/typeorm/schemas/PostTargetSchema';

/** Rows per multi-row INSERT: 1,000 × 15 columns stays under SQLite's and MySQL's placeholder limits. */
const BATCH = 1000;

type GroupsDocument = Array<{ segments: Array<{ text: string }> }>;

/**
 * Copies the post `templateId` (made through the API, so its rows are exactly what the
 * service writes) `count` times, with its targets: fresh ULIDs, distinct texts, and
 * creation times one second apart, all older than the template. Multi-row INSERTs through
 * TypeORM's query builder in one transaction, so the columns are converted as the
 * repository's own writes convert them (JSON, DATETIME(3) in UTC). The workspace's
 * post_counts rows are then made again from the posts, so posts.list reports them all.
 * With `publishedAt`, the copy at each index (0: the oldest) is published at that time, its
 * targets with it (due then, posted then: the calendar time PostWrites would keep).
 */
export async function seedPosts(dataSource: DataSource, templateId: string, count: number, publishedAt?: (index: number) => Date): Promise<void> {
  const template = await dataSource.manager.findOneByOrFail(PostSchema, { id: templateId });
  const templateTargets = await dataSource.manager.findBy(PostTargetSchema, { postId: templateId });
  const newest = template.createdAt.getTime() - 1000;
  const nextId = monotonicFactory();
  await dataSource.transaction(async (manager) => {
    for (let from = 0; from < count; from += BATCH) {
      const posts: PostRow[] = [];
      const targets: PostTargetRow[] = [];
      for (let i = from; i < Math.min(from + BATCH, count); i++) {
        const createdAt = new Date(newest - (count - 1 - i) * 1000);
        const id = nextId(createdAt.getTime());
        const at = publishedAt?.(i);
        const published = at === undefined ? {} : { status: 'published' };
        posts.push({ ...template, ...published, id, groups: relabel(template.groups as GroupsDocument, i), createdAt, updatedAt: createdAt });
        for (const target of templateTargets) {
          const outcome = at === undefined ? {} : { status: 'published', scheduledAt: at, postedAt: at, calendarAt: at, platformPostId: `seeded-${i}` };
          targets.push({ ...target, ...outcome, id: nextId(createdAt.getTime()), postId: id });
        }
      }
      await manager.createQueryBuilder().insert().into(PostSchema).values(posts).updateEntity(false).execute();
      await manager.createQueryBuilder().insert().into(PostTargetSchema).values(targets).updateEntity(false).execute();
    }
    // The rows went in around the repository, which keeps post_counts: count the workspace
    // again as the PostCounts migration's backfill does, in the same transaction.
    const countColumn = dataSource.driver.escape('count');
    await manager.query('DELETE FROM post_counts WHERE workspace_id = ?', [template.workspaceId]);
    await manager.query(
      `INSERT INTO post_counts (workspace_id, status, ${countColumn}) SELECT workspace_id, status, COUNT(*) FROM posts WHERE workspace_id = ? GROUP BY workspace_id, status`,
      [template.workspaceId],
    );
  });
}

function relabel(groups: GroupsDocument, index: number): GroupsDocument {
  return groups.map((group) => ({
    ...group,
    segments: group.segments.map((segment, j) => (j === 0 ? { ...segment, text: `Seeded post ${index}: ${segment.text}` } : segment)),
  }));
}
