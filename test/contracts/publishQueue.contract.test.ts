import { expect } from 'chai';
import { type DataSource } from 'typeorm';
import { type LeasedJob, type LeaseRequest, type PublishJob, type PublishQueue } from '../../application/ports/PublishQueue';
import { type Platform } from '../../domain/platform/Platform';
import { type PostRepository } from '../../domain/post/PostRepository';
import { Workspace } from '../../domain/workspace/Workspace';
import { type WorkspaceRepository } from '../../domain/workspace/WorkspaceRepository';
import { MemoryPostRepository } from '../../adapters/outbound/persistence/memory/MemoryPostRepository';
import { MemoryPublishQueue } from '../../adapters/outbound/persistence/memory/MemoryPublishQueue';
import { MemoryWorkspaceRepository } from '../../adapters/outbound/persistence/memory/MemoryWorkspaceRepository';
import { TypeOrmPostRepository } from '../../adapters/outbound/persistence/typeorm/repositories/TypeOrmPostRepository';
import { TypeOrmPublishQueue } from '../../adapters/outbound/persistence/typeorm/repositories/TypeOrmPublishQueue';
import { TypeOrmWorkspaceRepository } from '../../adapters/outbound/persistence/typeorm/repositories/TypeOrmWorkspaceRepository';
import { type DatabaseKind, openTestDatabase, serverFor } from '../support/databases';
import { requireServer } from '../support/services';
import { HOUR, at, buildPost, targetTo, uniqueId } from './postRepositoryFixtures';

interface Backend {
  readonly posts: PostRepository;
  readonly workspaces: WorkspaceRepository;
  /** The queue, emptied before each test: claims take due work from the whole queue. */
  queue: PublishQueue;
  emptyQueue(): Promise<void>;
  close(): Promise<void>;
}

/** Time never passes on its own here: every call says what "now" is. */
const NOW = at(HOUR);
const LEASE_MS = 60_000;
const later = (ms: number): Date => new Date(NOW.getTime() + ms);
const ask = (owner: string, now = NOW, limit = 10): LeaseRequest => ({ owner, now, leaseMs: LEASE_MS, limit });
/** What a claim at `now` by `owner` must hand back for `job`. */
const leased = (job: PublishJob, owner: string, now: Date, attempts: number): LeasedJob => ({
  ...job,
  attempts,
  leaseOwner: owner,
  leaseExpiresAt: new Date(now.getTime() + LEASE_MS),
});

/** Platforms a text-only post can target: one target each, so at most four jobs per post. */
const TEXT_PLATFORMS: readonly Platform[] = ['TWITTER', 'BLUESKY', 'THREADS', 'LINKEDIN'];

function publishQueueContract(name: string, database: DatabaseKind | null, openBackend: (ctx: Mocha.Context) => Promise<Backend>): void {
  describe(`PublishQueue contract: ${name}`, function () {
    let b: Backend;
    before(async function () {
      b = await openBackend(this);
    });
    beforeEach(async () => b.emptyQueue());
    after(async () => b?.close());

    /** A stored post (publish_jobs points at posts) with one target per time, its jobs queued at those times. */
    async function enqueued(...times: Date[]): Promise<PublishJob[]> {
      const workspace = Workspace.create({ id: uniqueId('W'), name: 'Acme', now: at(0) });
      await b.workspaces.save(workspace);
      const post = buildPost(workspace.id, { targets: times.map((_, i) => targetTo(TEXT_PLATFORMS[i]!)) });
      await b.posts.save(post);
      const jobs = post.targets.map((t, i) => ({ workspaceId: post.workspaceId, postId: post.id, targetId: t.id, notBefore: times[i]! }));
      await b.queue.enqueue(jobs, at(0));
      return jobs;
    }
    const listed = (job: PublishJob) => b.queue.listForPost(job.workspaceId, job.postId);
    /** Nothing claimable at any time: neither as due work nor as an expired lease. */
    async function expectNothingClaimable(): Promise<void> {
      const farFuture = later(1000 * HOUR);
      expect(await b.queue.claimDue(ask('anyone', farFuture)), 'claimDue').to.deep.equal([]);
      expect(await b.queue.claimExpired(ask('anyone', farFuture)), 'claimExpired').to.deep.equal([]);
    }

    it('claimDue leases only due jobs (due at or before now), soonest first, up to the limit, counting an attempt', async () => {
      const [oneMsAgo, threeMsAgo, dueNow, dueNext] = await enqueued(later(-1), later(-3), NOW, later(1));
      expect(await b.queue.claimDue(ask('worker-a', NOW, 2))).to.deep.equal([leased(threeMsAgo!, 'worker-a', NOW, 1), leased(oneMsAgo!, 'worker-a', NOW, 1)]);
      expect(await b.queue.claimDue(ask('worker-b')), 'the leased ones are not claimed again').to.deep.equal([leased(dueNow!, 'worker-b', NOW, 1)]);
      expect(await b.queue.claimDue(ask('worker-b', later(1)))).to.deep.equal([leased(dueNext!, 'worker-b', later(1), 1)]);
      expect(await b.queue.claimDue(ask('worker-c', later(HOUR)))).to.deep.equal([]);
      expect(await listed(dueNow!), 'leased jobs are still listed').to.deep.equal([threeMsAgo, oneMsAgo, dueNow, dueNext]);
    });

    it('complete, release and fail answer true only to the owner holding the lease', async () => {
      const [held, queued] = await enqueued(NOW, later(HOUR));
      await b.queue.claimDue(ask('worker-a'));
      for (const [owner, targetId] of [
        ['worker-b', held!.targetId],
        ['worker-a', queued!.targetId],
        ['worker-a', uniqueId('t')],
      ] as const) {
        expect(await b.queue.complete(targetId, owner), `complete by ${owner}`).to.equal(false);
        expect(await b.queue.release(targetId, owner, NOW), `release by ${owner}`).to.equal(false);
        expect(await b.queue.fail(targetId, owner, 'not mine'), `fail by ${owner}`).to.equal(false);
      }
      expect(await listed(held!), 'the refused calls changed nothing').to.deep.equal([held, queued]);
      expect(await b.queue.complete(held!.targetId, 'worker-a')).to.equal(true);
      expect(await listed(held!), 'a completed job goes').to.deep.equal([queued]);
      expect(await b.queue.complete(held!.targetId, 'worker-a'), 'completed already').to.equal(false);
    });

    it('release puts the job back, due at the given time, and its attempts keep counting', async () => {
      const [job] = await enqueued(NOW);
      await b.queue.claimDue(ask('worker-a'));
      const retryAt = later(5 * 60_000);
      expect(await b.queue.release(job!.targetId, 'worker-a', retryAt)).to.equal(true);
      expect(await listed(job!)).to.deep.equal([{ ...job, notBefore: retryAt }]);
      expect(await b.queue.claimDue(ask('worker-b', later(5 * 60_000 - 1))), 'not due yet').to.deep.equal([]);
      expect(await b.queue.claimDue(ask('worker-b', retryAt))).to.deep.equal([leased({ ...job!, notBefore: retryAt }, 'worker-b', retryAt, 2)]);
      expect(await b.queue.release(job!.targetId, 'worker-a', NOW), 'the first worker let it go').to.equal(false);
    });

    it('a failed job stays listed but is never claimed again, until enqueued again (a retry)', async () => {
      const [job] = await enqueued(NOW);
      await b.queue.claimDue(ask('worker-a'));
      expect(await b.queue.fail(job!.targetId, 'worker-a', 'rejected by the platform')).to.equal(true);
      expect(await listed(job!)).to.deep.equal([job]);
      await expectNothingClaimable();
      expect(await b.queue.fail(job!.targetId, 'worker-a', 'again'), 'failed already').to.equal(false);
      const retried = { ...job!, notBefore: later(HOUR) };
      await b.queue.enqueue([retried], later(1));
      expect(await listed(job!)).to.deep.equal([retried]);
      expect(await b.queue.claimDue(ask('worker-b', later(HOUR)))).to.deep.equal([leased(retried, 'worker-b', later(HOUR), 2)]);
    });

    it('enqueue leaves a leased job to its worker: its time unchanged, not claimable by another', async () => {
      const [job] = await enqueued(NOW);
      await b.queue.claimDue(ask('worker-a'));
      await b.queue.enqueue([{ ...job!, notBefore: later(HOUR) }], later(1));
      expect(await listed(job!)).to.deep.equal([job]);
      expect(await b.queue.claimDue(ask('worker-b', later(2 * HOUR))), 'still leased').to.deep.equal([]);
      expect(await b.queue.complete(job!.targetId, 'worker-a'), 'still the first worker’s').to.equal(true);
    });

    it('cancel drops queued and failed jobs, not a leased one', async () => {
      const [failed, held, queued] = await enqueued(later(-2), later(-1), later(HOUR));
      await b.queue.claimDue(ask('worker-a'));
      await b.queue.fail(failed!.targetId, 'worker-a', 'rejected');
      await b.queue.cancel([failed!.targetId, held!.targetId, queued!.targetId, uniqueId('t')]);
      expect(await listed(held!)).to.deep.equal([held]);
      expect(await b.queue.complete(held!.targetId, 'worker-a'), 'its worker still holds it').to.equal(true);
    });

    it('claimExpired takes only leases that ran out, counts no attempt, and the old owner can no longer settle them', async () => {
      const [expired, fresher, queued] = await enqueued(later(-1), later(10_000), later(20_000));
      await b.queue.claimDue(ask('worker-a', NOW, 1));
      await b.queue.claimDue(ask('worker-a', later(10_000), 1));
      const afterFirstLease = later(LEASE_MS + 1); // the second lease and the queued job are due too, neither expired
      expect(await b.queue.claimExpired(ask('sweeper', afterFirstLease))).to.deep.equal([leased(expired!, 'sweeper', afterFirstLease, 1)]);
      expect(await b.queue.complete(expired!.targetId, 'worker-a')).to.equal(false);
      expect(await b.queue.release(expired!.targetId, 'worker-a', NOW)).to.equal(false);
      expect(await b.queue.fail(expired!.targetId, 'worker-a', 'too late')).to.equal(false);
      expect(await listed(expired!), 'the old owner changed nothing').to.deep.equal([expired, fresher, queued]);
      expect(await b.queue.claimExpired(ask('sweeper-2', afterFirstLease)), 'the new lease runs').to.deep.equal([]);
      expect(await b.queue.complete(expired!.targetId, 'sweeper')).to.equal(true);
      expect(await b.queue.claimDue(ask('worker-b', afterFirstLease))).to.deep.equal([leased(queued!, 'worker-b', afterFirstLease, 1)]);
    });

    it('renew extends only the leases the owner still holds: never another’s, never a queued or settled job', async () => {
      const [mine, theirs, done, queued] = await enqueued(later(-3), later(-2), later(-1), later(HOUR));
      await b.queue.claimDue(ask('worker-a', NOW, 1));
      await b.queue.claimDue(ask('worker-b', NOW, 1));
      await b.queue.claimDue(ask('worker-a', NOW, 1));
      expect(await b.queue.complete(done!.targetId, 'worker-a')).to.equal(true);
      const ids = [mine, theirs, done, queued].map((j) => j!.targetId);
      const renewedTo = later(3 * LEASE_MS);
      expect(await b.queue.renew([...ids, uniqueId('t')], 'worker-a', renewedTo), 'only its own lease').to.deep.equal([mine!.targetId]);
      expect(await b.queue.renew([mine!.targetId], 'worker-a', renewedTo), 'renewed to the same end again').to.deep.equal([mine!.targetId]);

      const afterFirstLeases = later(LEASE_MS);
      expect(await b.queue.claimExpired(ask('sweeper', afterFirstLeases)), 'worker-b’s lease ran out; worker-a’s renewed one did not').to.deep.equal([
        leased(theirs!, 'sweeper', afterFirstLeases, 1),
      ]);
      expect(await b.queue.renew([theirs!.targetId], 'worker-b', later(10 * LEASE_MS)), 'the sweeper’s now').to.deep.equal([]);
      expect(await b.queue.complete(theirs!.targetId, 'sweeper'), 'the sweeper settled it').to.equal(true);
      expect(await b.queue.claimExpired(ask('sweeper', later(3 * LEASE_MS - 1))), 'not a moment before its renewed end').to.deep.equal([]);
      const atRenewedEnd = later(3 * LEASE_MS);
      expect(await b.queue.claimExpired(ask('sweeper-2', atRenewedEnd))).to.deep.equal([leased(mine!, 'sweeper-2', atRenewedEnd, 1)]);
      expect(await b.queue.renew([mine!.targetId], 'worker-a', later(10 * LEASE_MS)), 'taken: worker-a renews nothing').to.deep.equal([]);
      expect(await b.queue.complete(mine!.targetId, 'worker-a')).to.equal(false);
      expect(await b.queue.claimDue(ask('worker-c', later(HOUR))), 'the queued job was never leased').to.deep.equal([
        leased(queued!, 'worker-c', later(HOUR), 1),
      ]);
    });

    it('a lease past its end that nobody took yet is still its owner’s to renew (its worker was slow, not gone)', async () => {
      const [job] = await enqueued(NOW);
      await b.queue.claimDue(ask('worker-a'));
      // Renewed at LEASE_MS + 5, after its end: no claimer came in between.
      expect(await b.queue.renew([job!.targetId], 'worker-a', later(2 * LEASE_MS + 5))).to.deep.equal([job!.targetId]);
      expect(await b.queue.claimExpired(ask('sweeper', later(LEASE_MS + 5)))).to.deep.equal([]);
      expect(await b.queue.release(job!.targetId, 'worker-a', later(HOUR))).to.equal(true);
      expect(await b.queue.renew([job!.targetId], 'worker-a', later(3 * LEASE_MS)), 'released: not leased any more').to.deep.equal([]);
      expect(await b.queue.claimDue(ask('worker-b', later(HOUR)))).to.deep.equal([leased({ ...job!, notBefore: later(HOUR) }, 'worker-b', later(HOUR), 2)]);
    });

    it('removing the post drops its jobs, leased or not, and leaves other posts’ jobs', async () => {
      const [held, queued] = await enqueued(NOW, later(HOUR));
      const [survivor] = await enqueued(later(2 * HOUR));
      await b.queue.claimDue(ask('worker-a'));
      expect(await b.posts.remove(held!.workspaceId, held!.postId)).to.equal(true);
      expect(await listed(queued!)).to.deep.equal([]);
      expect(await b.queue.complete(held!.targetId, 'worker-a'), 'its lease went with it').to.equal(false);
      expect(await b.queue.claimExpired(ask('sweeper', later(1000 * HOUR)))).to.deep.equal([]);
      expect(await b.queue.claimDue(ask('worker-b', later(1000 * HOUR)))).to.deep.equal([leased(survivor!, 'worker-b', later(1000 * HOUR), 1)]);
    });

    // The one backend where claims really run side by side (SQLite has one writer per process).
    // The race is repeated: one interleaving alone does not always show a lock conflict.
    if (database === 'mysql')
      it('three claimers at once over 100 due jobs lease each job exactly once, without a deadlock', async () => {
        for (let race = 0; race < 3; race++) {
          await b.emptyQueue();
          const jobs: PublishJob[] = [];
          for (let post = 0; post < 25; post++) jobs.push(...(await enqueued(...TEXT_PLATFORMS.map((_, i) => later(-(post * 4 + i))))));
          const claimedBy = new Map<string, string>();
          for (let round = 0; round < 3 && claimedBy.size < jobs.length; round++) {
            const owners = ['a', 'b', 'c'].map((claimer) => `worker-${claimer}-${race}-${round}`);
            const results = await Promise.all(owners.map((owner) => b.queue.claimDue(ask(owner, NOW, 40))));
            results.forEach((claimed, i) => {
              for (const job of claimed) {
                expect(claimedBy.get(job.targetId), `race ${race}: ${job.targetId} leased twice`).to.equal(undefined);
                expect(job).to.include({ leaseOwner: owners[i], attempts: 1 });
                claimedBy.set(job.targetId, job.leaseOwner);
              }
            });
          }
          expect([...claimedBy.keys()].sort(), `race ${race}: every job leased`).to.deep.equal(jobs.map((j) => j.targetId).sort());
        }
      });
  });
}

publishQueueContract('in-memory', null, async () => {
  const posts = new MemoryPostRepository();
  const backend: Backend = {
    posts,
    workspaces: new MemoryWorkspaceRepository(),
    queue: new MemoryPublishQueue(posts),
    // A fresh queue that forgets a removed post's jobs, as the database's cascade does.
    emptyQueue: async () => {
      backend.queue = new MemoryPublishQueue(posts);
    },
    close: async () => undefined,
  };
  return backend;
});

function onDatabase(kind: DatabaseKind) {
  return async (ctx: Mocha.Context): Promise<Backend> => {
    const server = serverFor(kind);
    if (server) await requireServer(ctx, server);
    const dataSource: DataSource = await openTestDatabase(kind);
    return {
      posts: new TypeOrmPostRepository(dataSource),
      workspaces: new TypeOrmWorkspaceRepository(dataSource),
      queue: new TypeOrmPublishQueue(dataSource),
      emptyQueue: async () => {
        await dataSource.query('DELETE FROM publish_jobs');
      },
      close: () => dataSource.destroy(),
    };
  };
}

publishQueueContract('TypeORM on SQLite', 'sqlite', onDatabase('sqlite'));
publishQueueContract('TypeORM on MariaDB', 'mysql', onDatabase('mysql'));
