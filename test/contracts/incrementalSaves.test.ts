import { expect } from 'chai';
import { type DataSource } from 'typeorm';
import { TypeOrmPostRepository } from '../../adapters/outbound/persistence/typeorm/repositories/TypeOrmPostRepository';
import { TypeOrmWorkspaceRepository } from '../../adapters/outbound/persistence/typeorm/repositories/TypeOrmWorkspaceRepository';
import { TypeOrmUnitOfWork } from '../../adapters/outbound/persistence/typeorm/transactionContext';
import { Workspace } from '../../domain/workspace/Workspace';
import { group, segment } from '../support/data/posts';
import { DATABASE_KINDS, openTestDatabase, serverFor } from '../support/databases';
import { requireServer } from '../support/services';
import { at, buildPost, connectionsIn, HOUR, targetTo, uniqueId } from './postRepositoryFixtures';

/**
 * A save writes only what changed (docs/decisions.md, "Incremental saves, versioned posts"):
 * rows the change did not touch keep what the database holds, even a value written behind
 * the repository's back, which is how these tests see that they were not rewritten.
 */
for (const kind of DATABASE_KINDS) {
  describe(`PostRepository saves only what changed, on ${kind}`, function () {
    let dataSource: DataSource;
    let posts: TypeOrmPostRepository;
    let workspaceId: string;

    before(async function () {
      const server = serverFor(kind);
      if (server) await requireServer(this, server);
      dataSource = await openTestDatabase(kind);
      posts = new TypeOrmPostRepository(dataSource);
      const workspace = Workspace.create({ id: uniqueId('W'), name: 'Acme', now: at(0) });
      await new TypeOrmWorkspaceRepository(dataSource).save(workspace);
      workspaceId = workspace.id;
    });
    after(() => dataSource?.destroy());

    const groupsColumn = () => dataSource.driver.escape('groups');
    /** The stored document's exact text (as text: mysql2 would hand a JSON column over parsed). */
    const storedGroups = async (id: string) => {
      const asText = kind === 'sqlite' ? `${groupsColumn()} || ''` : `CONCAT(${groupsColumn()})`;
      const [row] = (await dataSource.query(`SELECT ${asText} AS g FROM posts WHERE id = ?`, [id])) as Array<{ g: string }>;
      return row!.g;
    };
    const storedErrorOf = async (targetId: string) =>
      ((await dataSource.query('SELECT error FROM post_targets WHERE id = ?', [targetId])) as Array<{ error: string | null }>)[0]!.error;
    /** A worker's step: load under lock, change one target, save. */
    const changeUnderLock = (postId: string, change: (post: NonNullable<Awaited<ReturnType<TypeOrmPostRepository['findForUpdate']>>>) => void) =>
      new TypeOrmUnitOfWork(dataSource).run(async () => {
        const post = (await posts.findForUpdate(workspaceId, postId))!;
        change(post);
        await posts.save(post);
        return post;
      });

    it("records one target's outcome without rewriting the content or the other targets", async () => {
      const [twitter, bluesky] = [targetTo('TWITTER', { scheduledAt: at(HOUR) }), targetTo('BLUESKY', { scheduledAt: at(HOUR) })];
      const post = buildPost(workspaceId, { intent: 'schedule', targets: [twitter, bluesky] });
      await posts.save(post);
      // Written behind the repository's back, in a layout of its own (the repository writes
      // compact JSON): a rewrite of these rows would change them.
      const document = JSON.stringify(JSON.parse(await storedGroups(post.id)), null, 2);
      await dataSource.query(`UPDATE posts SET ${groupsColumn()} = ? WHERE id = ?`, [document, post.id]);
      await dataSource.query('UPDATE post_targets SET error = ? WHERE id = ?', ['untouched', bluesky.id]);

      const changed = await changeUnderLock(post.id, (p) => p.startPublishing(twitter.id, at(HOUR + 1)));
      expect(changed.version).to.equal(2);
      expect(await storedGroups(post.id)).to.equal(document);
      expect(await storedErrorOf(bluesky.id)).to.equal('untouched');
      const reread = (await posts.findById(workspaceId, post.id))!;
      expect(reread.target(twitter.id).status).to.equal('publishing');
      expect(reread.version).to.equal(2);
    });

    it('rewrites the content when an edit changed it, and drops a target the edit removed', async () => {
      const [twitter, bluesky] = [targetTo('TWITTER'), targetTo('BLUESKY')];
      const post = buildPost(workspaceId, { targets: [twitter, bluesky] });
      await posts.save(post);
      await changeUnderLock(post.id, (p) =>
        p.update(
          { groups: [group('g_default', true, [segment('edited')])], targets: [twitter] },
          { now: at(5), reviewRequired: false, connectionOf: connectionsIn(workspaceId) },
        ),
      );
      expect(await storedGroups(post.id)).to.include('edited');
      const rows = (await dataSource.query('SELECT id FROM post_targets WHERE post_id = ?', [post.id])) as Array<{ id: string }>;
      expect(rows.map((r) => r.id)).to.deep.equal([twitter.id]);
    });
  });
}
