import { expect } from 'chai';
import { type DataSource } from 'typeorm';
import { type Platform } from '../../domain/platform/Platform';
import { type Post } from '../../domain/post/Post';
import { Workspace } from '../../domain/workspace/Workspace';
import { PostCalendarDays1732509600000 } from '../../adapters/outbound/persistence/typeorm/migrations/1732509600000-PostCalendarDays';
import { TypeOrmPostRepository } from '../../adapters/outbound/persistence/typeorm/repositories/TypeOrmPostRepository';
import { TypeOrmWorkspaceRepository } from '../../adapters/outbound/persistence/typeorm/repositories/TypeOrmWorkspaceRepository';
import { DATABASE_KINDS, openTestDatabase } from '../support/databases';
import { requireServer } from '../support/services';
import { group } from '../support/data/posts';
import { at, buildPost, connectionsIn, targetTo, uniqueId } from './postRepositoryFixtures';
import { keptCountsOf, postDaysOf, randomRanges, seededRandom, storedCalendarTimes, totalIn } from './postCalendarDaysFixtures';

/**
 * The calendar's `total` for a time range alone is summed from counts kept in every save's
 * transaction (post_calendar_days, post_calendar_links; docs/performance.md, "Issue 21: the
 * calendar"). Whatever the writes, those counts must equal what the targets say, and every
 * range's total, edges inside a day included, must equal a direct count of the targets.
 */
const DAY = 86_400_000;
/** Midnight UTC after the fixtures' `now` (at(0)), so every time is in the future of a scheduled post. */
const DAY0 = Date.UTC(2031, 1, 4);
const SPAN_DAYS = 8;
const PLATFORMS: Platform[] = ['TWITTER', 'BLUESKY', 'LINKEDIN', 'THREADS'];
const edit = (workspaceId: string) => ({ now: at(0), reviewRequired: false, connectionOf: connectionsIn(workspaceId) });

for (const kind of DATABASE_KINDS) {
  describe(`The calendar's kept day counts on ${kind === 'sqlite' ? 'SQLite' : 'MariaDB'}`, function () {
    this.timeout(120_000);
    let dataSource: DataSource;
    let posts: TypeOrmPostRepository;
    let workspaces: TypeOrmWorkspaceRepository;
    const random = seededRandom(21);

    before(async function () {
      if (kind === 'mysql') await requireServer(this, 'MySQL');
      dataSource = await openTestDatabase(kind);
      posts = new TypeOrmPostRepository(dataSource);
      workspaces = new TypeOrmWorkspaceRepository(dataSource);
    });
    after(async () => dataSource?.destroy());

    async function newWorkspace(): Promise<string> {
      const workspace = Workspace.create({ id: uniqueId('W'), name: 'Kept days', now: at(0) });
      await workspaces.save(workspace);
      return workspace.id;
    }

    /** A time in the span, one in four within a millisecond of a midnight. */
    function someTime(): Date {
      const day = DAY0 + Math.floor(random() * SPAN_DAYS) * DAY;
      if (random() < 0.25) return new Date(day + (random() < 0.5 ? -1 : 0));
      return new Date(day + Math.floor(random() * DAY));
    }

    const someTargets = () => PLATFORMS.slice(0, 1 + Math.floor(random() * PLATFORMS.length)).map((p) => targetTo(p, { scheduledAt: someTime() }));
    const newDraft = (workspaceId: string) => buildPost(workspaceId, { targets: someTargets() });

    /** A scheduled post whose first target went out on another day than it was due. */
    function publishedLate(workspaceId: string): Post {
      const post = buildPost(workspaceId, { intent: 'schedule', targets: someTargets() });
      const first = post.targets[0]!;
      post.startPublishing(first.id, first.scheduledAt!);
      const postedAt = new Date(first.scheduledAt!.getTime() + DAY + 1);
      post.markPublished(first.id, { platformPostId: uniqueId('x'), platformPostUrl: 'https://example.com/p', postedAt }, postedAt);
      return post;
    }

    /** The kept rows equal those the targets make, and every range's total equals a direct count. */
    async function expectExact(workspaceId: string): Promise<void> {
      const times = await storedCalendarTimes(dataSource, workspaceId);
      expect(await keptCountsOf(dataSource, workspaceId), 'the kept rows').to.deep.equal(postDaysOf(times));
      const wrong: string[] = [];
      for (const range of randomRanges(random, DAY0 - DAY, SPAN_DAYS + 2, 40)) {
        const { total } = await posts.list({ workspaceId, targets: range, limit: 1, offset: 0 });
        const direct = totalIn(times, range);
        if (total !== direct) wrong.push(`${range.from?.toISOString()}..${range.to?.toISOString()}: ${total}, counted ${direct}`);
      }
      expect(wrong, 'ranges whose total is not the direct count').to.deep.equal([]);
    }

    it('stay exact through many saves, moves, replaced targets, publishes, stale saves and deletes', async () => {
      const workspaceId = await newWorkspace();
      const ids: string[] = [];
      for (let i = 0; i < 30; i++) {
        const post = i % 6 === 0 ? publishedLate(workspaceId) : newDraft(workspaceId);
        await posts.save(post);
        ids.push(post.id);
      }
      // Another workspace's posts on the same days: never counted here.
      for (let i = 0; i < 5; i++) await posts.save(newDraft(await newWorkspace()));
      await expectExact(workspaceId);
      for (let step = 0; step < 150; step++) {
        const slot = Math.floor(random() * ids.length);
        const post = await posts.findById(workspaceId, ids[slot]!);
        const choice = random();
        if (post === null || post.status !== 'draft' || choice < 0.1) {
          if (post !== null) await posts.remove(workspaceId, post.id);
          const replacement = random() < 0.3 ? publishedLate(workspaceId) : newDraft(workspaceId);
          await posts.save(replacement);
          ids[slot] = replacement.id;
        } else if (choice < 0.5) {
          const target = post.targets[Math.floor(random() * post.targets.length)]!;
          post.updateTarget(target.id, { scheduledAt: random() < 0.1 ? null : someTime() }, edit(workspaceId));
          await posts.save(post);
        } else if (choice < 0.75) {
          post.update({ groups: [group()], targets: someTargets() }, edit(workspaceId));
          await posts.save(post);
        } else {
          // Two copies loaded at once: the second save finds the version moved and overwrites what the first stored.
          const copy = (await posts.findById(workspaceId, post.id))!;
          post.update({ groups: [group()], targets: someTargets() }, edit(workspaceId));
          await posts.save(post);
          copy.update({ groups: [group()], targets: someTargets() }, edit(workspaceId));
          await posts.save(copy);
        }
        if (step % 50 === 49) await expectExact(workspaceId);
      }
    });

    it('stay exact, and deadlock nowhere, when many writers save and delete posts on the same days at once', async () => {
      const workspaceId = await newWorkspace();
      for (let round = 0; round < 3; round++) {
        const created = Array.from({ length: 24 }, () => newDraft(workspaceId));
        const creations = await Promise.allSettled(created.map((post) => posts.save(post)));
        const work = created.map(async (post, i) => {
          if (i % 4 === 0) return posts.remove(workspaceId, post.id);
          const copy = (await posts.findById(workspaceId, post.id))!;
          copy.update({ groups: [group()], targets: someTargets() }, edit(workspaceId));
          // Every other one saved twice at once from stale copies, or while it is being deleted.
          if (i % 4 === 1) return Promise.all([posts.save(post), posts.save(copy)]);
          if (i % 4 === 2) return Promise.all([posts.save(copy), posts.remove(workspaceId, post.id)]);
          return posts.save(copy);
        });
        const outcomes = [...creations, ...(await Promise.allSettled(work))];
        expect(outcomes.filter((o) => o.status === 'rejected').map((o) => String((o as PromiseRejectedResult).reason))).to.deep.equal([]);
        await expectExact(workspaceId);
      }
    });

    it('are made again by the migration from the targets, as the saves kept them', async () => {
      const workspaceId = await newWorkspace();
      for (let i = 0; i < 12; i++) await posts.save(i % 3 === 0 ? publishedLate(workspaceId) : newDraft(workspaceId));
      const kept = await keptCountsOf(dataSource, workspaceId);
      const migration = new PostCalendarDays1732509600000();
      const queryRunner = dataSource.createQueryRunner();
      try {
        await migration.down(queryRunner);
        expect(await queryRunner.hasTable('post_calendar_days')).to.equal(false);
        await migration.up(queryRunner);
      } finally {
        await queryRunner.release();
      }
      expect(await keptCountsOf(dataSource, workspaceId)).to.deep.equal(kept);
      await expectExact(workspaceId);
    });
  });
}
