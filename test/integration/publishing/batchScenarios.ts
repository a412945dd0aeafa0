import { expect } from 'chai';
import { TOKENS as T } from '../../../config/tokens';
import { DEFAULT_GROUP_ID, segment } from '../../support/data/posts';
import { SETTINGS } from '../../support/data/settings';
import { type EngineHarness } from '../../support/publishingEngine';
import { HeldCall, published } from '../../support/scriptedPublisher';
import { eventually } from '../../support/workerProcess';

/**
 * A round's begins in one transaction, its outcomes in batches (docs/decisions.md, "The
 * publishing engine"): one job that breaks its batch leaves the others published exactly
 * once. On the databases only: the in-memory unit of work does not roll back, so there the
 * engine goes job by job.
 */
export function batchScenarios(harness: () => EngineHarness): void {
  /** A target row no mapper accepts (its platform differs from its settings'): reading its post fails. */
  const corrupt = (h: EngineHarness, targetId: string, platform = 'LINKEDIN') =>
    h.composition.get(T.DataSource)!.query('UPDATE post_targets SET platform = ? WHERE id = ?', [platform, targetId]);
  /** The post saved by someone else as far as the engine can tell (its version moved), as every save of the service does. */
  const savedElsewhere = (h: EngineHarness, postId: string) =>
    h.composition.get(T.DataSource)!.query('UPDATE posts SET version = version + 1 WHERE id = ?', [postId]);

  const postsOf = async (h: EngineHarness, texts: readonly string[]) => {
    const posts = [];
    for (const text of texts) posts.push(await h.post([text]));
    return posts;
  };

  it('a job whose begin fails inside the batch is given back; the others are published exactly once', async () => {
    const h = harness();
    const posts = await postsOf(h, ['one', 'two', 'three']);
    const broken = posts[1]!.targets[0]!.id;
    await corrupt(h, broken);
    const round = await h.publishDue();
    const byTarget = new Map(round.results.map((r) => [r.targetId, r.result]));
    expect(posts.map((p) => byTarget.get(p.targets[0]!.id))).to.deep.equal(['published', 'given_back', 'published']);
    expect(h.publisher.calls.map((c) => c.text).sort()).to.deep.equal(['one', 'three']);
    await corrupt(h, broken, 'TWITTER');
    expect((await h.publishDue()).results.map((r) => r.result)).to.deep.equal(['published']);
    expect(h.publisher.calls.map((c) => c.text).sort()).to.deep.equal(['one', 'three', 'two']);
    for (const post of posts) expect((await h.target(post.id)).status).to.equal('published');
  });

  it('an outcome that cannot be recorded inside the batch leaves the others recorded, once each', async () => {
    const h = harness();
    const held = [new HeldCall(), new HeldCall(), new HeldCall()];
    h.publisher.will(...held);
    const posts = await postsOf(h, ['one', 'two', 'three']);
    const round = h.publishDue();
    await Promise.all(held.map((call) => call.arrived));
    const broken = posts[1]!.targets[0]!.id;
    // Changed after the begin (a record reads again only a post saved since its begin).
    await corrupt(h, broken);
    await savedElsewhere(h, posts[1]!.id);
    for (const [i, call] of held.entries()) call.answer(published(`p${i}`, h.clock.now()));
    const byTarget = new Map((await round).results.map((r) => [r.targetId, r.result]));
    expect(posts.map((p) => byTarget.get(p.targets[0]!.id))).to.deep.equal(['published', 'error', 'published']);
    const log = h.composition.get(T.AttemptLog);
    for (const post of [posts[0]!, posts[2]!]) {
      expect((await h.target(post.id)).status).to.equal('published');
      expect(await log.listForTarget(h.workspaceId, post.targets[0]!.id)).to.have.length(1);
    }
    expect(await log.listForTarget(h.workspaceId, broken)).to.have.length(0);
    expect(h.publisher.calls).to.have.length(3);
  });

  it("a post saved again between an attempt's begin and its record is read again: two targets of one post, each outcome kept", async () => {
    const h = harness();
    const held = [new HeldCall(), new HeldCall()];
    h.publisher.will(...held);
    const connections = [await h.connection(), await h.connection()];
    const post = await h.composition.get(T.WritePosts).create(h.actor(), {
      groups: [{ id: DEFAULT_GROUP_ID, isDefault: true, segments: [segment('to both')] }],
      targets: connections.map((connectionId) => ({ connectionId, groupId: DEFAULT_GROUP_ID, settings: SETTINGS.TWITTER, scheduledAt: null })),
      intent: 'publish_now',
    });
    const round = h.publishDue();
    await Promise.all(held.map((call) => call.arrived));
    // Both begun in one unit; the first outcome is recorded alone, which saves the post again.
    held[0]!.answer(published('first', h.clock.now()));
    await eventually(async () => (await h.read(post.id)).targets.some((t) => t.status === 'published'), 10_000, 'the first outcome recorded');
    held[1]!.answer(published('second', h.clock.now()));
    expect((await round).results.map((r) => r.result)).to.deep.equal(['published', 'published']);
    const stored = await h.read(post.id);
    expect(stored.status).to.equal('published');
    expect(stored.targets.map((t) => t.status)).to.deep.equal(['published', 'published']);
    expect(stored.targets.map((t) => t.platformPostId).sort()).to.deep.equal(['first', 'second']);
    expect(h.publisher.calls).to.have.length(2);
  });
}
