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
 * repository's own writes convert them (JSON, DATETIME(3) in UTC).
 */
export async function seedPosts(dataSource: DataSource, templateId: string, count: number): Promise<void> {
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
        posts.push({ ...template, id, groups: relabel(template.groups as GroupsDocument, i), createdAt, updatedAt: createdAt });
        for (const target of templateTargets) targets.push({ ...target, id: nextId(createdAt.getTime()), postId: id });
      }
      await manager.createQueryBuilder().insert().into(PostSchema).values(posts).updateEntity(false).execute();
      await manager.createQueryBuilder().insert().into(PostTargetSchema).values(targets).updateEntity(false).execute();
    }
  });
}

function relabel(groups: GroupsDocument, index: number): GroupsDocument {
  return groups.map((group) => ({
    ...group,
    segments: group.segments.map((segment, j) => (j === 0 ? { ...segment, text: `Seeded post ${index}: ${segment.text}` } : segment)),
  }));
}
