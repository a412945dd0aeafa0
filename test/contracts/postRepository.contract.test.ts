import { expect } from 'chai';
import { type DataSource } from 'typeorm';
import { type PublishJob, type PublishQueue } from '../../application/ports/PublishQueue';
import { type Post } from '../../domain/post/Post';
import { type PostRepository } from '../../domain/post/PostRepository';
import { POST_STATUSES } from '../../domain/post/PostStatus';
import { Workspace } from '../../domain/workspace/Workspace';
import { type WorkspaceRepository } from '../../domain/workspace/WorkspaceRepository';
import { MemoryPostRepository } from '../../adapters/outbound/persistence/memory/MemoryPostRepository';
import { MemoryPublishQueue } from '../../adapters/outbound/persistence/memory/MemoryPublishQueue';
import { MemoryWorkspaceRepository } from '../../adapters/outbound/persistence/memory/MemoryWorkspaceRepository';
import { RowMappingError } from '../../adapters/outbound/persistence/typeorm/mappers/RowMappingError';
import { TypeOrmPostRepository } from '../../adapters/outbound/persistence/typeorm/repositories/TypeOrmPostRepository';
import { TypeOrmPublishQueue } from '../../adapters/outbound/persistence/typeorm/repositories/TypeOrmPublishQueue';
import { TypeOrmWorkspaceRepository } from '../../adapters/outbound/persistence/typeorm/repositories/TypeOrmWorkspaceRepository';
import { TypeOrmUnitOfWork } from '../../adapters/outbound/persistence/typeorm/transactionContext';
import { group, segment } from '../unit/domain/post/postFixtures';
import { type DatabaseKind, openTestDatabase, serverFor } from '../support/databases';
import { requireServer } from '../support/services';
import { HOUR, at, buildPost, connectionsIn, publishingPostWithHistory, targetTo, uniqueId } from './postRepositoryFixtures';

interface Backend {
  posts: PostRepository;
  queue: PublishQueue;
  workspaces: WorkspaceRepository;
  /** Only the databases: raw access for cascades, corrupt rows and transactions. */
  dataSource?: DataSource;
  close(): Promise<void>;
}

const jobsOf = (post: Post, notBefore: (i: number) => Date): PublishJob[] =>
  post.targets.map((t, i) => ({ workspaceId: post.workspaceId, postId: post.id, targetId: t.id, notBefore: notBefore(i) }));

/** `database`: null for the in-memory adapters, which have no transactions to test. */
function postRepositoryContract(name: string, database: DatabaseKind | null, openBackend: (ctx: Mocha.Context) => Promise<Backend>): void {
  describe(`PostRepository and PublishQueue contract: ${name}`, function () {
    let b: Backend;
    before(async function () {
      b = await openBackend(this);
    });
    after(async () => b?.close());

    async function newWorkspace(): Promise<string> {
      const workspace = Workspace.create({ id: uniqueId('W'), name: 'Acme', now: at(0) });
      await b.workspaces.save(workspace);
      return workspace.id;
    }
    const stored = async (post: Post) => (await b.posts.findById(post.workspaceId, post.id))?.toSnapshot();
    const listed = async (workspaceId: string, page: { limit: number; offset: number; status?: Post['status'] }) => {
      const { items, total } = await b.posts.list({ workspaceId, ...page });
      return { ids: items.map((p) => p.id), total };
    };
    /**
     * The totals posts.list reports: `all` without a status, then each status that has posts.
     * On the databases, post_counts must also agree with a COUNT(*) of the posts themselves.
     */
    async function totals(workspaceId: string): Promise<Record<string, number>> {
      const total = async (status?: Post['status']) => (await b.posts.list({ workspaceId, status, limit: 0, offset: 0 })).total;
      const counted: Record<string, number> = { all: await total() };
      for (const status of POST_STATUSES) {
        const n = await total(status);
        if (n !== 0) counted[status] = n;
      }
      if (b.dataSource) {
        const count = b.dataSource.driver.escape('count');
        const kept: Array<{ status: string; n: number | string }> = await b.dataSource.query(
          `SELECT status, ${count} AS n FROM post_counts WHERE workspace_id = ? AND ${count} <> 0 ORDER BY status`,
          [workspaceId],
        );
        const actual: Array<{ status: string; n: number | string }> = await b.dataSource.query(
          'SELECT status, COUNT(*) AS n FROM posts WHERE workspace_id = ? GROUP BY status ORDER BY status',
          [workspaceId],
        );
        const plain = (rows: typeof kept) => rows.map((r) => ({ status: r.status, n: Number(r.n) }));
        expect(plain(kept), 'post_counts against COUNT(*) of posts').to.deep.equal(plain(actual));
      }
      return counted;
    }
    const scheduledPost = (workspaceId: string, ms = 0) =>
      buildPost(workspaceId, { now: at(ms), intent: 'schedule', targets: [targetTo('TWITTER', { scheduledAt: at(HOUR) })] });
    /** Edits a post into `intent` (a draft, or scheduled in an hour), as posts.update would. */
    function edit(post: Post, intent: 'draft' | 'schedule', ms = 5): Post {
      const targets = [targetTo('TWITTER', { scheduledAt: intent === 'schedule' ? at(HOUR) : null })];
      post.update({ groups: [group()], targets, intent }, { now: at(ms), reviewRequired: false, connectionOf: connectionsIn(post.workspaceId) });
      return post;
    }

    it('round-trips a whole aggregate: groups, segments, media, targets of five platforms, reviews, milliseconds', async () => {
      const post = publishingPostWithHistory(await newWorkspace());
      expect(post.status).to.equal('publishing');
      const reviews = post.unsavedReviews;
      expect(reviews.map((r) => r.decision)).to.deep.equal(['changes_requested', 'approved']);
      await b.posts.save(post);
      expect(await stored(post)).to.deep.equal(post.toSnapshot());
      expect(await b.posts.listReviews(post.workspaceId, post.id)).to.deep.equal(reviews);
      expect(await b.posts.listReviews(await newWorkspace(), post.id), 'another workspace').to.equal(null);
    });

    it('keeps a groups document larger than a MySQL TEXT column (64 KiB)', async () => {
      const text = '🚀'.repeat(60_000); // 240,000 bytes of UTF-8, under Facebook's 63,206 characters
      const post = buildPost(await newWorkspace(), { groups: [group('g_default', true, [segment(text)])], targets: [targetTo('FACEBOOK')] });
      await b.posts.save(post);
      expect((await stored(post))!.groups[0]!.segments[0]!.text).to.equal(text);
    });

    it('replaces the aggregate on update: a removed target disappears, target order follows the post', async () => {
      const ws = await newWorkspace();
      const [twitter, bluesky, linkedin] = [targetTo('TWITTER'), targetTo('BLUESKY'), targetTo('LINKEDIN')];
      const post = buildPost(ws, { targets: [twitter, bluesky, linkedin] });
      await b.posts.save(post);
      const facebook = targetTo('FACEBOOK', { scheduledAt: at(HOUR + 6) });
      post.update(
        { groups: [group()], targets: [facebook, { ...bluesky, scheduledAt: at(HOUR + 7) }], intent: 'schedule' },
        { now: at(5), reviewRequired: false, connectionOf: connectionsIn(ws) },
      );
      await b.posts.save(post);
      const found = (await stored(post))!;
      expect(found).to.deep.equal(post.toSnapshot());
      expect(found.targets.map((t) => t.id)).to.deep.equal([facebook.id, bluesky.id]);
      expect(found.status).to.equal('scheduled');
    });

    it('hands out fresh objects: changing a loaded post without saving changes nothing stored', async () => {
      const post = buildPost(await newWorkspace(), { intent: 'schedule', targets: [targetTo('TWITTER', { scheduledAt: at(HOUR) })] });
      await b.posts.save(post);
      const loaded = (await b.posts.findById(post.workspaceId, post.id))!;
      loaded.startPublishing(loaded.targets[0]!.id, at(HOUR));
      expect(await stored(post)).to.deep.equal(post.toSnapshot());
    });

    it('keeps workspaces apart: findById, list and remove never reach another workspace', async () => {
      const [mine, theirs] = [await newWorkspace(), await newWorkspace()];
      const post = buildPost(mine);
      await b.posts.save(post);
      expect(await b.posts.findById(theirs, post.id)).to.equal(null);
      expect(await b.posts.findForUpdate(theirs, post.id)).to.equal(null);
      expect((await b.posts.findForUpdate(mine, post.id))?.toSnapshot()).to.deep.equal(post.toSnapshot());
      expect(await listed(theirs, { limit: 10, offset: 0 })).to.deep.equal({ ids: [], total: 0 });
      expect(await b.posts.remove(theirs, post.id)).to.equal(false);
      expect(await stored(post)).to.deep.equal(post.toSnapshot());
    });

    it('lists newest first, ties by id descending, a millisecond apart counted, with paging and total', async () => {
      const [ws, elsewhere] = [await newWorkspace(), await newWorkspace()];
      const first = buildPost(ws, { id: uniqueId('Z'), now: at(0) });
      const oneMsLater = buildPost(ws, { id: uniqueId('A'), now: at(1) });
      const tieA = buildPost(ws, { id: uniqueId('A'), now: at(1000) });
      const tieC = buildPost(ws, { id: uniqueId('C'), now: at(1000) });
      const late = buildPost(ws, { id: uniqueId('B'), now: at(2000), groups: [group('g_default', true, [segment('late')])] });
      for (const p of [tieA, late, first, buildPost(elsewhere, { now: at(1500) }), tieC, oneMsLater]) await b.posts.save(p);
      const total = 5;
      expect(await listed(ws, { limit: 10, offset: 0 })).to.deep.equal({ ids: [late, tieC, tieA, oneMsLater, first].map((p) => p.id), total });
      expect(await listed(ws, { limit: 2, offset: 1 })).to.deep.equal({ ids: [tieC.id, tieA.id], total });
      expect(await listed(ws, { limit: 10, offset: 4 })).to.deep.equal({ ids: [first.id], total });
      expect(await listed(ws, { limit: 10, offset: 9 })).to.deep.equal({ ids: [], total });
      expect(await listed(ws, { limit: 0, offset: 0 })).to.deep.equal({ ids: [], total });
      const { items } = await b.posts.list({ workspaceId: ws, limit: 1, offset: 0 });
      expect(items[0]!.toSnapshot(), 'whole aggregates').to.deep.equal(late.toSnapshot());
    });

    it('filters by status, total counting only the matching posts', async () => {
      const ws = await newWorkspace();
      const scheduled = (ms: number) => buildPost(ws, { now: at(ms), intent: 'schedule', targets: [targetTo('TWITTER', { scheduledAt: at(HOUR) })] });
      const [draft, s1, s2, inReview] = [
        buildPost(ws),
        scheduled(1),
        scheduled(2),
        buildPost(ws, {
          now: at(3),
          intent: 'schedule',
          submitForReview: true,
          targets: [targetTo('BLUESKY', { scheduledAt: at(HOUR) })],
        }),
      ];
      for (const p of [draft, s1, s2, inReview]) await b.posts.save(p);
      expect(await listed(ws, { status: 'scheduled', limit: 10, offset: 0 })).to.deep.equal({ ids: [s2.id, s1.id], total: 2 });
      expect(await listed(ws, { status: 'scheduled', limit: 1, offset: 1 })).to.deep.equal({ ids: [s1.id], total: 2 });
      expect(await listed(ws, { status: 'pending_review', limit: 10, offset: 0 })).to.deep.equal({ ids: [inReview.id], total: 1 });
      expect(await listed(ws, { status: 'published', limit: 10, offset: 0 })).to.deep.equal({ ids: [], total: 0 });
      expect((await listed(ws, { limit: 10, offset: 0 })).total).to.equal(4);
    });

    it('counts a new post in its workspace and status: the total, and the total of that status', async () => {
      const ws = await newWorkspace();
      expect(await totals(ws), 'no posts yet').to.deep.equal({ all: 0 });
      await b.posts.save(buildPost(ws));
      expect(await totals(ws)).to.deep.equal({ all: 1, draft: 1 });
      for (const p of [buildPost(ws), scheduledPost(ws), publishingPostWithHistory(ws)]) await b.posts.save(p);
      expect(await totals(ws)).to.deep.equal({ all: 4, draft: 2, scheduled: 1, publishing: 1 });
    });

    it('moves the count when a save changes the status, and leaves it when the status stays', async () => {
      const ws = await newWorkspace();
      const [post, other] = [buildPost(ws), buildPost(ws)];
      await b.posts.save(post);
      await b.posts.save(other);
      await b.posts.save(edit(post, 'schedule'));
      expect(await totals(ws)).to.deep.equal({ all: 2, draft: 1, scheduled: 1 });
      await b.posts.save(edit(post, 'schedule', 6));
      await b.posts.save(post);
      expect(await totals(ws), 'saved again in the same status').to.deep.equal({ all: 2, draft: 1, scheduled: 1 });
      await b.posts.save(edit(post, 'draft', 7));
      expect(await totals(ws), 'and back').to.deep.equal({ all: 2, draft: 2 });
      const loaded = (await b.posts.findForUpdate(ws, other.id))!;
      await b.posts.save(edit(loaded, 'schedule', 8));
      expect(await totals(ws), 'through findForUpdate').to.deep.equal({ all: 2, draft: 1, scheduled: 1 });
    });

    it('counts down on remove, and not for a post that is not there or not in that workspace', async () => {
      const [ws, theirs] = [await newWorkspace(), await newWorkspace()];
      const [draft, scheduled] = [buildPost(ws), scheduledPost(ws)];
      for (const p of [draft, scheduled, buildPost(theirs)]) await b.posts.save(p);
      expect(await b.posts.remove(theirs, scheduled.id)).to.equal(false);
      expect(await totals(ws)).to.deep.equal({ all: 2, draft: 1, scheduled: 1 });
      expect(await b.posts.remove(ws, scheduled.id)).to.equal(true);
      expect(await totals(ws)).to.deep.equal({ all: 1, draft: 1 });
      expect(await b.posts.remove(ws, scheduled.id), 'already gone').to.equal(false);
      expect(await b.posts.remove(ws, draft.id)).to.equal(true);
      expect(await totals(ws)).to.deep.equal({ all: 0 });
      expect(await totals(theirs)).to.deep.equal({ all: 1, draft: 1 });
      await b.posts.save(draft);
      expect(await totals(ws), 'saved again after its removal: a new post').to.deep.equal({ all: 1, draft: 1 });
    });

    it('keeps the counts of two workspaces apart, with or without a status filter', async () => {
      const [mine, theirs] = [await newWorkspace(), await newWorkspace()];
      for (const p of [buildPost(mine), scheduledPost(mine), scheduledPost(mine, 1), buildPost(theirs), buildPost(theirs)]) await b.posts.save(p);
      expect(await totals(mine)).to.deep.equal({ all: 3, draft: 1, scheduled: 2 });
      expect(await totals(theirs)).to.deep.equal({ all: 2, draft: 2 });
      expect(await listed(theirs, { status: 'scheduled', limit: 10, offset: 0 })).to.deep.equal({ ids: [], total: 0 });
    });

    it('removes a post with everything it holds: targets, reviews, queued jobs', async () => {
      const post = publishingPostWithHistory(await newWorkspace());
      const survivor = buildPost(post.workspaceId);
      await b.posts.save(post);
      await b.posts.save(survivor);
      await b.queue.enqueue(
        jobsOf(post, (i) => at(HOUR + i)),
        at(0),
      );
      await b.queue.enqueue(
        jobsOf(survivor, () => at(HOUR)),
        at(0),
      );
      expect(await b.posts.remove(post.workspaceId, post.id)).to.equal(true);
      expect(await b.posts.findById(post.workspaceId, post.id)).to.equal(null);
      expect(await b.queue.listForPost(post.workspaceId, post.id)).to.deep.equal([]);
      expect(await b.posts.remove(post.workspaceId, post.id), 'already gone').to.equal(false);
      if (b.dataSource) {
        for (const table of ['post_targets', 'post_reviews', 'publish_jobs']) {
          const [{ n }] = await b.dataSource.query(`SELECT COUNT(*) AS n FROM ${table} WHERE post_id = ?`, [post.id]);
          expect(Number(n), table).to.equal(0);
        }
      }
      expect(await stored(survivor)).to.deep.equal(survivor.toSnapshot());
      expect(await b.queue.listForPost(survivor.workspaceId, survivor.id)).to.have.length(1);
    });

    it('queues, lists (soonest first), moves and cancels jobs by target', async () => {
      const ws = await newWorkspace();
      const post = buildPost(ws, { targets: [targetTo('TWITTER'), targetTo('BLUESKY'), targetTo('THREADS')] });
      const other = buildPost(ws);
      await b.posts.save(post);
      await b.posts.save(other);
      const otherJobs = jobsOf(other, () => at(HOUR));
      await b.queue.enqueue(otherJobs, at(0));
      const jobs = jobsOf(post, (i) => at(HOUR - i)); // the last target is due first
      await b.queue.enqueue(jobs, at(0));
      expect(await b.queue.listForPost(ws, post.id)).to.deep.equal([...jobs].reverse());
      const moved = { ...jobs[1]!, notBefore: at(2 * HOUR + 1) };
      await b.queue.enqueue([moved], at(1));
      await b.queue.cancel([jobs[0]!.targetId, jobs[2]!.targetId]);
      expect(await b.queue.listForPost(ws, post.id)).to.deep.equal([moved]);
      expect(await b.queue.listForPost(await newWorkspace(), post.id), 'another workspace').to.deep.equal([]);
      await b.queue.cancel([moved.targetId]);
      expect(await b.queue.listForPost(ws, post.id)).to.deep.equal([]);
      expect(await b.queue.listForPost(ws, other.id)).to.deep.equal(otherJobs);
    });

    if (database !== null)
      describe('atomic writes (databases only)', function () {
        it('a unit of work that fails stores nothing: neither the post nor its jobs', async () => {
          const post = publishingPostWithHistory(await newWorkspace());
          const failed = new TypeOrmUnitOfWork(b.dataSource!).run(async () => {
            await b.posts.save(post);
            await b.queue.enqueue(
              jobsOf(post, () => at(HOUR)),
              at(0),
            );
            throw new Error('crash mid-request');
          });
          expect(
            await failed.then(
              () => null,
              (e: Error) => e.message,
            ),
          ).to.equal('crash mid-request');
          expect(await b.posts.findById(post.workspaceId, post.id)).to.equal(null);
          expect(await b.queue.listForPost(post.workspaceId, post.id)).to.deep.equal([]);
          expect(await totals(post.workspaceId), 'nor its count').to.deep.equal({ all: 0 });
        });

        it('a status change or a remove that fails leaves the counts as they were', async () => {
          const ws = await newWorkspace();
          const post = buildPost(ws);
          await b.posts.save(post);
          const unitOfWork = new TypeOrmUnitOfWork(b.dataSource!);
          const crash = (work: () => Promise<unknown>) =>
            unitOfWork
              .run(async () => {
                await work();
                throw new Error('crash after the write');
              })
              .catch(() => undefined);
          await crash(() => b.posts.save(edit(post, 'schedule')));
          await crash(() => b.posts.remove(ws, post.id));
          expect(await totals(ws)).to.deep.equal({ all: 1, draft: 1 });
        });

        it('a failed update inside a unit of work leaves the previous version whole', async () => {
          const ws = await newWorkspace();
          const post = buildPost(ws, { targets: [targetTo('TWITTER'), targetTo('BLUESKY')] });
          await b.posts.save(post);
          const before = post.toSnapshot();
          post.update({ groups: [group()], targets: [targetTo('LINKEDIN')] }, { now: at(9), reviewRequired: false, connectionOf: connectionsIn(ws) });
          const failed = new TypeOrmUnitOfWork(b.dataSource!).run(async () => {
            await b.posts.save(post);
            throw new Error('crash after the write');
          });
          await failed.catch(() => undefined);
          expect(await stored(post)).to.deep.equal(before);
        });

        it('a save that fails half-way (a target id already taken) leaves no half post', async () => {
          const ws = await newWorkspace();
          const holder = buildPost(ws);
          await b.posts.save(holder);
          const clash = buildPost(ws, { targets: [targetTo('BLUESKY'), { ...targetTo('TWITTER'), id: holder.targets[0]!.id }] });
          expect(
            await b.posts.save(clash).then(
              () => null,
              (e: unknown) => e,
            ),
          ).to.be.instanceOf(Error);
          expect(await b.posts.findById(ws, clash.id)).to.equal(null);
          expect(await stored(holder)).to.deep.equal(holder.toSnapshot());
          expect(await totals(ws)).to.deep.equal({ all: 1, draft: 1 });
        });

        // SQLite has one writer; on MySQL these are the interleavings the count rows must survive.
        if (database === 'mysql')
          it('counts 20 posts saved at once in one workspace, drafts and scheduled: none lost, none deadlocked', async () => {
            const ws = await newWorkspace();
            const posts = Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? buildPost(ws) : scheduledPost(ws, i)));
            const unitOfWork = new TypeOrmUnitOfWork(b.dataSource!);
            // As PostStore.add does: the post, then its jobs, in one unit of work; two count rows made at once.
            const results = await Promise.allSettled(
              posts.map((post) =>
                unitOfWork.run(async () => {
                  await b.posts.save(post);
                  await b.queue.enqueue(post.status === 'scheduled' ? jobsOf(post, () => at(HOUR)) : [], at(0));
                }),
              ),
            );
            expect(results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []))).to.deep.equal([]);
            expect(await totals(ws)).to.deep.equal({ all: 20, draft: 10, scheduled: 10 });
          });

        if (database === 'mysql')
          it('moves counts both ways at once: drafts scheduled while scheduled posts go back to drafts', async () => {
            const ws = await newWorkspace();
            const posts = Array.from({ length: 16 }, (_, i) => (i % 2 === 0 ? buildPost(ws, { now: at(i) }) : scheduledPost(ws, i)));
            for (const post of posts) await b.posts.save(post);
            const unitOfWork = new TypeOrmUnitOfWork(b.dataSource!);
            // As PostStore.modify does: lock, change, save, queue.
            const results = await Promise.allSettled(
              posts.map(({ id, status }) =>
                unitOfWork.run(async () => {
                  const post = edit((await b.posts.findForUpdate(ws, id))!, status === 'draft' ? 'schedule' : 'draft');
                  await b.posts.save(post);
                  if (post.status === 'scheduled')
                    await b.queue.enqueue(
                      jobsOf(post, () => at(HOUR)),
                      at(9),
                    );
                  else await b.queue.cancel(post.targets.map((t) => t.id));
                }),
              ),
            );
            expect(results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []))).to.deep.equal([]);
            expect(await totals(ws)).to.deep.equal({ all: 16, draft: 8, scheduled: 8 });
          });

        if (database === 'mysql')
          it('a remove counts down before its cascade, so a save holding the count row can still queue jobs', async () => {
            const ws = await newWorkspace();
            const removed = scheduledPost(ws);
            await b.posts.save(removed);
            await b.queue.enqueue(
              jobsOf(removed, () => at(HOUR)),
              at(0),
            );
            // A newer id: its jobs go right after the removed post's in publish_jobs' post index,
            // into the gap the cascade of the remove locks.
            const added = scheduledPost(ws, 1);
            let counted!: () => void;
            const holdsCountRow = new Promise<void>((r) => {
              counted = r;
            });
            const unitOfWork = new TypeOrmUnitOfWork(b.dataSource!);
            const save = unitOfWork.run(async () => {
              await b.posts.save(added);
              counted();
              await new Promise((r) => setTimeout(r, 150)); // the remove reaches the count row meanwhile
              await b.queue.enqueue(
                jobsOf(added, () => at(HOUR)),
                at(0),
              );
            });
            await holdsCountRow;
            const remove = unitOfWork.run(async () => {
              await b.posts.findForUpdate(ws, removed.id);
              return b.posts.remove(ws, removed.id);
            });
            const results = await Promise.allSettled([save, remove]);
            expect(results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []))).to.deep.equal([]);
            expect(await totals(ws)).to.deep.equal({ all: 1, scheduled: 1 });
            expect(await b.queue.listForPost(ws, added.id)).to.have.length(1);
          });

        if (database === 'mysql')
          it('counts a post once when two saves of it race without findForUpdate', async () => {
            const ws = await newWorkspace();
            const post = buildPost(ws);
            await b.posts.save(post);
            const [first, second] = [edit((await b.posts.findById(ws, post.id))!, 'schedule'), edit((await b.posts.findById(ws, post.id))!, 'schedule', 6)];
            let firstSaved!: () => void;
            let release!: () => void;
            const [saved, released] = [
              new Promise<void>((r) => {
                firstSaved = r;
              }),
              new Promise<void>((r) => {
                release = r;
              }),
            ];
            const unitOfWork = new TypeOrmUnitOfWork(b.dataSource!);
            const one = unitOfWork.run(async () => {
              await b.posts.save(first);
              firstSaved();
              await released;
            });
            await saved;
            // Its snapshot still shows a draft: only a locking read tells it the post is scheduled now.
            const two = unitOfWork.run(() => b.posts.save(second));
            await new Promise((r) => setTimeout(r, 100));
            release();
            await Promise.all([one, two]);
            expect((await stored(post))!.targets.map((t) => t.id)).to.deep.equal(second.targets.map((t) => t.id));
            expect(await totals(ws)).to.deep.equal({ all: 1, scheduled: 1 });
          });

        // SQLite has one writer, so there is no such interleaving to test there.
        if (database === 'mysql')
          it('moves jobs another transaction queued after this one took its snapshot (last writer wins)', async function () {
            const post = buildPost(await newWorkspace(), { targets: [targetTo('TWITTER'), targetTo('BLUESKY')] });
            await b.posts.save(post);
            const [first, last] = [jobsOf(post, () => at(HOUR)), jobsOf(post, (i) => at(2 * HOUR + i))];
            let snapshotTaken!: () => void;
            let otherCommitted!: () => void;
            const [taken, committed] = [
              new Promise<void>((r) => {
                snapshotTaken = r;
              }),
              new Promise<void>((r) => {
                otherCommitted = r;
              }),
            ];
            const later = new TypeOrmUnitOfWork(b.dataSource!).run(async () => {
              expect(await b.queue.listForPost(post.workspaceId, post.id)).to.deep.equal([]);
              snapshotTaken();
              await committed;
              await b.queue.enqueue(last, at(1));
            });
            await taken;
            await b.queue.enqueue(first, at(0));
            otherCommitted();
            await later;
            expect(await b.queue.listForPost(post.workspaceId, post.id)).to.deep.equal(last);
          });

        // SQLite has no row locks: its writers are serialized before they reach the database.
        if (database === 'mysql')
          it('findForUpdate holds the post until the unit of work ends: a second one waits', async () => {
            const post = buildPost(await newWorkspace());
            await b.posts.save(post);
            const order: string[] = [];
            let locked!: () => void;
            const firstHasLock = new Promise<void>((r) => {
              locked = r;
            });
            const first = new TypeOrmUnitOfWork(b.dataSource!).run(async () => {
              await b.posts.findForUpdate(post.workspaceId, post.id);
              locked();
              await new Promise((r) => setTimeout(r, 150));
              order.push('first commits');
            });
            await firstHasLock;
            const second = new TypeOrmUnitOfWork(b.dataSource!).run(async () => {
              await b.posts.findForUpdate(post.workspaceId, post.id);
              order.push('second has the post');
            });
            await Promise.all([first, second]);
            expect(order).to.deep.equal(['first commits', 'second has the post']);
          });

        it('refuses rows it cannot map instead of returning a half-read post', async () => {
          const [badStatus, badGroups] = [buildPost(await newWorkspace()), buildPost(await newWorkspace())];
          await b.posts.save(badStatus);
          await b.posts.save(badGroups);
          await b.dataSource!.query(`UPDATE posts SET status = 'archived' WHERE id = ?`, [badStatus.id]);
          await b.dataSource!.query(`UPDATE posts SET ${b.dataSource!.driver.escape('groups')} = '{"id":"g"}' WHERE id = ?`, [badGroups.id]);
          for (const post of [badStatus, badGroups]) {
            const error = await b.posts.findById(post.workspaceId, post.id).then(
              () => null,
              (e: unknown) => e,
            );
            expect(error).to.be.instanceOf(RowMappingError);
          }
        });
      });
  });
}

postRepositoryContract('in-memory', null, async () => {
  const posts = new MemoryPostRepository();
  return { posts, queue: new MemoryPublishQueue(posts), workspaces: new MemoryWorkspaceRepository(), close: async () => undefined };
});

function onDatabase(kind: DatabaseKind) {
  return async (ctx: Mocha.Context): Promise<Backend> => {
    const server = serverFor(kind);
    if (server) await requireServer(ctx, server);
    const dataSource = await openTestDatabase(kind);
    return {
      posts: new TypeOrmPostRepository(dataSource),
      queue: new TypeOrmPublishQueue(dataSource),
      workspaces: new TypeOrmWorkspaceRepository(dataSource),
      dataSource,
      close: () => dataSource.destroy(),
    };
  };
}

postRepositoryContract('TypeORM on SQLite', 'sqlite', onDatabase('sqlite'));
postRepositoryContract('TypeORM on MariaDB', 'mysql', onDatabase('mysql'));
