import { expect } from 'chai';
import { type DataSource } from 'typeorm';
import { type PublishQueue } from '../../application/ports/PublishQueue';
import { type UnitOfWork } from '../../application/ports/UnitOfWork';
import { type PostRepository } from '../../domain/post/PostRepository';
import { Workspace } from '../../domain/workspace/Workspace';
import { type WorkspaceRepository } from '../../domain/workspace/WorkspaceRepository';
import { MemoryPostRepository } from '../../adapters/outbound/persistence/memory/MemoryPostRepository';
import { MemoryPublishQueue } from '../../adapters/outbound/persistence/memory/MemoryPublishQueue';
import { MemoryUnitOfWork } from '../../adapters/outbound/persistence/memory/MemoryUnitOfWork';
import { MemoryWorkspaceRepository } from '../../adapters/outbound/persistence/memory/MemoryWorkspaceRepository';
import { TypeOrmPostRepository } from '../../adapters/outbound/persistence/typeorm/repositories/TypeOrmPostRepository';
import { TypeOrmPublishQueue } from '../../adapters/outbound/persistence/typeorm/repositories/TypeOrmPublishQueue';
import { TypeOrmWorkspaceRepository } from '../../adapters/outbound/persistence/typeorm/repositories/TypeOrmWorkspaceRepository';
import { TypeOrmUnitOfWork } from '../../adapters/outbound/persistence/typeorm/transactionContext';
import { type DatabaseKind, openTestDatabase, serverFor } from '../support/databases';
import { requireServer } from '../support/services';
import { HOUR, at, buildPost, targetTo, uniqueId } from './postRepositoryFixtures';

interface Backend {
  readonly posts: PostRepository;
  readonly queue: PublishQueue;
  readonly workspaces: WorkspaceRepository;
  readonly unitOfWork: UnitOfWork;
  close(): Promise<void>;
}

/**
 * What the publishing engine's rounds rely on (docs/decisions.md, "The publishing engine"):
 * several posts read and locked at once, and a set-wise unit of work whose held writes land
 * at its commit exactly as the single writes would, or not at all.
 */
function setWiseContract(name: string, database: DatabaseKind | null, openBackend: (ctx: Mocha.Context) => Promise<Backend>): void {
  describe(`Set-wise rounds (findManyForUpdate, UnitOfWork.runSetWise): ${name}`, function () {
    let b: Backend;
    before(async function () {
      b = await openBackend(this);
    });
    after(async () => b?.close());

    async function scheduled(count: number): Promise<{ workspaceId: string; posts: ReturnType<typeof buildPost>[] }> {
      const workspace = Workspace.create({ id: uniqueId('W'), name: 'Acme', now: at(0) });
      await b.workspaces.save(workspace);
      const posts = [];
      for (let i = 0; i < count; i++) {
        const post = buildPost(workspace.id, {
          targets: [targetTo('TWITTER', { scheduledAt: at(HOUR) }), targetTo('BLUESKY', { scheduledAt: at(HOUR) })],
          intent: 'schedule',
        });
        await b.posts.save(post);
        posts.push(post);
      }
      return { workspaceId: workspace.id, posts };
    }

    it('findManyForUpdate reads the posts named, each of its own workspace, and leaves out those gone or of another', async () => {
      const { workspaceId, posts } = await scheduled(3);
      const other = await scheduled(1);
      await b.posts.remove(workspaceId, posts[1]!.id);
      const found = await b.unitOfWork.run(() =>
        b.posts.findManyForUpdate([
          { workspaceId, id: posts[2]!.id },
          { workspaceId, id: posts[0]!.id },
          { workspaceId, id: posts[1]!.id },
          { workspaceId, id: other.posts[0]!.id },
        ]),
      );
      expect(found.map((p) => p.id).sort()).to.deep.equal([posts[0]!.id, posts[2]!.id].sort());
      expect(found.find((p) => p.id === posts[0]!.id)!.toSnapshot()).to.deep.equal(posts[0]!.toSnapshot());
    });

    it('a set-wise unit stores what its saves made, a post saved twice as its last save, and reads see them inside it', async () => {
      const { workspaceId, posts } = await scheduled(2);
      const seenInside = await b.unitOfWork.runSetWise(async () => {
        const locked = await b.posts.findManyForUpdate(posts.map((p) => ({ workspaceId, id: p.id })));
        for (const post of locked) {
          for (const target of post.targets) {
            post.startPublishing(target.id, at(HOUR + 1));
            await b.posts.save(post);
          }
        }
        return (await b.posts.findById(workspaceId, posts[0]!.id))!.targets.map((t) => t.status);
      });
      expect(seenInside).to.deep.equal(['publishing', 'publishing']);
      for (const post of posts) {
        const stored = (await b.posts.findById(workspaceId, post.id))!;
        expect(stored.status).to.equal('publishing');
        expect(stored.targets.map((t) => t.status)).to.deep.equal(['publishing', 'publishing']);
      }
      const listed = await b.posts.list({ workspaceId, status: 'publishing', limit: 10, offset: 0 });
      expect(listed.total, 'counted once per post').to.equal(2);
    });

    it('keeps the counts right over several set-wise units of one workspace (their rows then known, moved at once)', async () => {
      const { workspaceId, posts } = await scheduled(6);
      for (const pair of [posts.slice(0, 2), posts.slice(2, 4), posts.slice(4)]) {
        await b.unitOfWork.runSetWise(async () => {
          for (const post of await b.posts.findManyForUpdate(pair.map((p) => ({ workspaceId, id: p.id })))) {
            post.startPublishing(post.targets[0]!.id, at(HOUR + 1));
            await b.posts.save(post);
          }
        });
      }
      const total = async (status: 'scheduled' | 'publishing') => (await b.posts.list({ workspaceId, status, limit: 0, offset: 0 })).total;
      expect([await total('scheduled'), await total('publishing')]).to.deep.equal([0, 6]);
    });

    if (database !== null)
      it('a set-wise unit whose held lease change no longer holds keeps nothing of what it did', async () => {
        const { workspaceId, posts } = await scheduled(1);
        const target = posts[0]!.targets[0]!;
        await b.queue.enqueue([{ workspaceId, postId: posts[0]!.id, targetId: target.id, notBefore: at(HOUR) }], at(0));
        const claimed = await b.queue.claimDue({ owner: 'worker-a', now: at(HOUR), leaseMs: 60_000, limit: 1000 });
        const job = claimed.find((j) => j.targetId === target.id);
        expect(job).to.not.equal(undefined);
        const failed = await b.unitOfWork
          .runSetWise(async () => {
            const [post] = await b.posts.findManyForUpdate([{ workspaceId, id: posts[0]!.id }]);
            post!.startPublishing(job!.targetId, at(HOUR + 1));
            await b.posts.save(post!);
            // Held until the commit, so reported held; another owner's: the commit finds it is not.
            expect(await b.queue.renew([job!.targetId], 'worker-b', at(HOUR + 2))).to.deep.equal([job!.targetId]);
            expect(await b.queue.complete(job!.targetId, 'worker-b')).to.equal(true);
          })
          .then(
            () => null,
            (error: Error) => error.message,
          );
        expect(failed).to.match(/no longer leased to worker-b/);
        expect((await b.posts.findById(workspaceId, posts[0]!.id))!.targets.map((t) => t.status)).to.deep.equal(['pending', 'pending']);
        expect((await b.queue.listForPost(workspaceId, posts[0]!.id)).map((j) => j.targetId)).to.include(job!.targetId);
        expect(await b.queue.complete(job!.targetId, 'worker-a'), 'still worker-a’s').to.equal(true);
      });
  });
}

setWiseContract('in-memory', null, async () => {
  const posts = new MemoryPostRepository();
  return {
    posts,
    queue: new MemoryPublishQueue(posts),
    workspaces: new MemoryWorkspaceRepository(),
    unitOfWork: new MemoryUnitOfWork(),
    close: async () => undefined,
  };
});

function onDatabase(kind: DatabaseKind) {
  return async (ctx: Mocha.Context): Promise<Backend> => {
    const server = serverFor(kind);
    if (server) await requireServer(ctx, server);
    const dataSource: DataSource = await openTestDatabase(kind);
    return {
      posts: new TypeOrmPostRepository(dataSource),
      queue: new TypeOrmPublishQueue(dataSource),
      workspaces: new TypeOrmWorkspaceRepository(dataSource),
      unitOfWork: new TypeOrmUnitOfWork(dataSource),
      close: () => dataSource.destroy(),
    };
  };
}

setWiseContract('TypeORM on SQLite', 'sqlite', onDatabase('sqlite'));
setWiseContract('TypeORM on MariaDB', 'mysql', onDatabase('mysql'));
