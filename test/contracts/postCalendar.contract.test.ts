import { expect } from 'chai';
import { type Post } from '../../domain/post/Post';
import { type PostListQuery, type PostRepository } from '../../domain/post/PostRepository';
import { Workspace } from '../../domain/workspace/Workspace';
import { type WorkspaceRepository } from '../../domain/workspace/WorkspaceRepository';
import { MemoryPostRepository } from '../../adapters/outbound/persistence/memory/MemoryPostRepository';
import { MemoryWorkspaceRepository } from '../../adapters/outbound/persistence/memory/MemoryWorkspaceRepository';
import { TypeOrmPostRepository } from '../../adapters/outbound/persistence/typeorm/repositories/TypeOrmPostRepository';
import { TypeOrmWorkspaceRepository } from '../../adapters/outbound/persistence/typeorm/repositories/TypeOrmWorkspaceRepository';
import { connectionIdFor } from '../support/data/connections';
import { type DatabaseKind, openTestDatabase, serverFor } from '../support/databases';
import { requireServer } from '../support/services';
import { HOUR, at, buildPost, targetTo, uniqueId } from './postRepositoryFixtures';

/**
 * posts.list's calendar (docs/posts.md, "The calendar") as PostRepository.list answers it, the
 * same on the in-memory adapter, SQLite and MariaDB. Seven posts of one workspace, each
 * created at its own time (creation order is not id order), and a post of another workspace:
 *
 *   A draft      TWITTER at 10h                                created -1
 *   B draft      TWITTER without a time                        created -7
 *   C scheduled  TWITTER at 5h, BLUESKY at 30h                 created -3
 *   D publishing TWITTER due 2h, posted 3h; LINKEDIN at 20h    created -2
 *   E draft      no target                                     created -6
 *   F scheduled  TWITTER and BLUESKY, both at 5h               created -5
 *   G failed     BLUESKY at 8h (failed: no postedAt)           created -4
 */
interface Backend {
  posts: PostRepository;
  workspaces: WorkspaceRepository;
  close(): Promise<void>;
}

const h = (hours: number): Date => at(hours * HOUR);
type Name = 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G';

function calendarContract(name: string, open: (ctx: Mocha.Context) => Promise<Backend>): void {
  describe(`posts.list's calendar: ${name}`, function () {
    let b: Backend;
    let workspaceId: string;
    const ids = {} as Record<Name, string>;
    const nameOf = (id: string) => (Object.entries(ids).find(([, value]) => value === id)?.[0] ?? id) as Name;

    async function newWorkspace(): Promise<string> {
      const workspace = Workspace.create({ id: uniqueId('W'), name: 'Calendar', now: at(0) });
      await b.workspaces.save(workspace);
      return workspace.id;
    }

    async function add(label: Name, created: number, build: (now: Date) => Post, then?: (post: Post) => void): Promise<void> {
      const post = build(at(created));
      if (then) {
        await b.posts.save(post);
        then(post);
      }
      await b.posts.save(post);
      ids[label] = post.id;
    }

    before(async function () {
      b = await open(this);
      workspaceId = await newWorkspace();
      const ws = workspaceId;
      const scheduled = (now: Date, targets: Parameters<typeof targetTo>[]) =>
        buildPost(ws, { now, intent: 'schedule', targets: targets.map(([platform, extra]) => targetTo(platform, extra)) });
      await add('A', -1, (now) => buildPost(ws, { now, targets: [targetTo('TWITTER', { scheduledAt: h(10) })] }));
      await add('B', -7, (now) => buildPost(ws, { now }));
      await add('C', -3, (now) =>
        scheduled(now, [
          ['TWITTER', { scheduledAt: h(5) }],
          ['BLUESKY', { scheduledAt: h(30) }],
        ]),
      );
      await add(
        'D',
        -2,
        (now) =>
          scheduled(now, [
            ['TWITTER', { scheduledAt: h(2) }],
            ['LINKEDIN', { scheduledAt: h(20) }],
          ]),
        (post) => {
          const twitter = post.targets[0]!.id;
          post.startPublishing(twitter, h(2));
          post.markPublished(twitter, { platformPostId: '1', platformPostUrl: 'https://x.com/a/status/1', postedAt: h(3) }, h(3));
        },
      );
      await add('E', -6, (now) => buildPost(ws, { now, targets: [] }));
      await add('F', -5, (now) =>
        scheduled(now, [
          ['TWITTER', { scheduledAt: h(5) }],
          ['BLUESKY', { scheduledAt: h(5) }],
        ]),
      );
      await add(
        'G',
        -4,
        (now) => scheduled(now, [['BLUESKY', { scheduledAt: h(8) }]]),
        (post) => {
          const bluesky = post.targets[0]!.id;
          post.startPublishing(bluesky, h(8));
          post.markFailed(bluesky, 'refused', h(8));
        },
      );
      // Another workspace's post in every range and on every filter: never listed here.
      const other = await newWorkspace();
      await b.posts.save(
        buildPost(other, { intent: 'schedule', targets: [targetTo('TWITTER', { scheduledAt: h(5) }), targetTo('BLUESKY', { scheduledAt: h(5) })] }),
      );
    });
    after(async () => b?.close());

    async function list(query: Omit<PostListQuery, 'workspaceId' | 'limit' | 'offset'> & { limit?: number; offset?: number }) {
      const { items, total } = await b.posts.list({ workspaceId, limit: 20, offset: 0, ...query });
      return { names: items.map((p) => nameOf(p.id)), total };
    }
    const range = (from: number | undefined, to: number | undefined) => ({
      from: from === undefined ? undefined : h(from),
      to: to === undefined ? undefined : h(to),
    });

    it('stored what the table above says', async () => {
      const { items } = await b.posts.list({ workspaceId, limit: 20, offset: 0 });
      expect(items.map((p) => `${nameOf(p.id)} ${p.status}`)).to.deep.equal([
        'A draft',
        'D publishing',
        'C scheduled',
        'G failed',
        'F scheduled',
        'E draft',
        'B draft',
      ]);
    });

    it('keeps the posts with a target in [from, to): newest first by default, soonest first with sort=scheduledAt (ties by id)', async () => {
      expect(await list({ targets: range(4, 11) })).to.deep.equal({ names: ['A', 'C', 'G', 'F'], total: 4 });
      expect(await list({ targets: range(4, 11), sort: 'scheduledAt' })).to.deep.equal({ names: ['C', 'F', 'G', 'A'], total: 4 });
      expect(await list({ targets: range(4, 11), sort: 'createdAt' })).to.deep.equal({ names: ['A', 'C', 'G', 'F'], total: 4 });
    });

    it('places a published target at postedAt, not at scheduledAt; from is inclusive, to exclusive', async () => {
      expect(await list({ targets: range(3, 5) })).to.deep.equal({ names: ['D'], total: 1 });
      expect(await list({ targets: range(2, 3) }), 'D was due at 2h, went out at 3h').to.deep.equal({ names: [], total: 0 });
      expect(await list({ targets: range(5, 5) }), 'an empty range').to.deep.equal({ names: [], total: 0 });
    });

    it('takes either bound alone: an open range; targets without a time are in none', async () => {
      expect(await list({ targets: range(undefined, 5), sort: 'scheduledAt' })).to.deep.equal({ names: ['D'], total: 1 });
      expect(await list({ targets: range(20, undefined), sort: 'scheduledAt' })).to.deep.equal({ names: ['D', 'C'], total: 2 });
      expect(await list({ targets: range(0, 1000), sort: 'scheduledAt' })).to.deep.equal({ names: ['D', 'C', 'F', 'G', 'A'], total: 5 });
    });

    it('keeps posts with a target on a platform or a connection, ordered by their matching targets only', async () => {
      expect(await list({ targets: { platform: 'BLUESKY' }, sort: 'scheduledAt' }), "C's Twitter target at 5h does not count").to.deep.equal({
        names: ['F', 'G', 'C'],
        total: 3,
      });
      expect(await list({ targets: { platform: 'TWITTER' } })).to.deep.equal({ names: ['A', 'D', 'C', 'F', 'B'], total: 5 });
      expect(await list({ targets: { platform: 'TWITTER' }, sort: 'scheduledAt' }), 'B, without a time, last').to.deep.equal({
        names: ['D', 'C', 'F', 'A', 'B'],
        total: 5,
      });
      expect(await list({ targets: { connectionId: connectionIdFor('LINKEDIN') } })).to.deep.equal({ names: ['D'], total: 1 });
      expect(await list({ targets: { connectionId: 'conn_nobody' } })).to.deep.equal({ names: [], total: 0 });
    });

    it('asks one and the same target to meet the range, the platform and the connection', async () => {
      expect(await list({ targets: { ...range(4, 11), platform: 'BLUESKY' }, sort: 'scheduledAt' })).to.deep.equal({ names: ['F', 'G'], total: 2 });
      expect(await list({ targets: { ...range(4, 11), connectionId: connectionIdFor('BLUESKY') } })).to.deep.equal({ names: ['G', 'F'], total: 2 });
      expect(await list({ targets: { connectionId: connectionIdFor('TWITTER'), platform: 'TWITTER', ...range(9, 11) } })).to.deep.equal({
        names: ['A'],
        total: 1,
      });
      expect(await list({ targets: { connectionId: connectionIdFor('TWITTER'), platform: 'BLUESKY' } })).to.deep.equal({ names: [], total: 0 });
    });

    it('combines with status, totals counting the filtered posts', async () => {
      expect(await list({ targets: range(4, 11), status: 'scheduled', sort: 'scheduledAt' })).to.deep.equal({ names: ['C', 'F'], total: 2 });
      expect(await list({ targets: range(4, 11), status: 'scheduled' })).to.deep.equal({ names: ['C', 'F'], total: 2 });
      expect(await list({ targets: { platform: 'BLUESKY' }, status: 'failed' })).to.deep.equal({ names: ['G'], total: 1 });
      expect(await list({ targets: range(4, 11), status: 'published' })).to.deep.equal({ names: [], total: 0 });
    });

    it('orders every post by calendar time with sort alone, those without a time last by id', async () => {
      expect(await list({ sort: 'scheduledAt' })).to.deep.equal({ names: ['D', 'C', 'F', 'G', 'A', 'B', 'E'], total: 7 });
      expect(await list({ sort: 'scheduledAt', status: 'draft' })).to.deep.equal({ names: ['A', 'B', 'E'], total: 3 });
    });

    it('pages: limit and offset over the filtered posts, the total whatever the page', async () => {
      const month = { targets: range(4, 11), sort: 'scheduledAt' as const };
      expect(await list({ ...month, limit: 2, offset: 1 })).to.deep.equal({ names: ['F', 'G'], total: 4 });
      expect(await list({ ...month, limit: 2, offset: 3 })).to.deep.equal({ names: ['A'], total: 4 });
      expect(await list({ ...month, limit: 2, offset: 4 })).to.deep.equal({ names: [], total: 4 });
      expect(await list({ ...month, limit: 0, offset: 0 })).to.deep.equal({ names: [], total: 4 });
      expect(await list({ targets: range(4, 11), limit: 1, offset: 2 })).to.deep.equal({ names: ['G'], total: 4 });
      expect(await list({ sort: 'scheduledAt', limit: 3, offset: 5 })).to.deep.equal({ names: ['B', 'E'], total: 7 });
    });

    it('follows a target moved to another time: the calendar time is saved with it', async () => {
      const post = (await b.posts.findById(workspaceId, ids.A))!;
      post.updateTarget(post.targets[0]!.id, { scheduledAt: h(40) }, { now: at(1), reviewRequired: false, connectionOf: () => undefined });
      await b.posts.save(post);
      expect(await list({ targets: range(4, 11) })).to.deep.equal({ names: ['C', 'G', 'F'], total: 3 });
      expect(await list({ targets: range(40, 41) })).to.deep.equal({ names: ['A'], total: 1 });
    });
  });
}

calendarContract('in-memory', async () => {
  const posts = new MemoryPostRepository();
  return { posts, workspaces: new MemoryWorkspaceRepository(), close: async () => undefined };
});

function onDatabase(kind: DatabaseKind) {
  return async (ctx: Mocha.Context): Promise<Backend> => {
    const server = serverFor(kind);
    if (server) await requireServer(ctx, server);
    const dataSource = await openTestDatabase(kind);
    return { posts: new TypeOrmPostRepository(dataSource), workspaces: new TypeOrmWorkspaceRepository(dataSource), close: () => dataSource.destroy() };
  };
}

calendarContract('TypeORM on SQLite', onDatabase('sqlite'));
calendarContract('TypeORM on MariaDB', onDatabase('mysql'));
