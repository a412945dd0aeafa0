import { expect } from 'chai';
import { type PostActor, type PostRequest } from '../../../application/posts/PostRequest';
import { SETTINGS } from '../../support/data/settings';
import { AppFixture, rejection } from './appFixture';

/** The posts use cases on the in-memory composition: If-Match preconditions and the review rules (docs/product.md). */
describe('posts use cases: preconditions and review rules', () => {
  let app: AppFixture;
  let workspaceId: string;
  let connectionId: string;

  const actor = (userId: string, reviewRequired = false): PostActor => ({ userId, workspaceId, reviewRequired, defaultSource: 'api' });
  const draft = (text: string): PostRequest => ({
    groups: [{ id: 'g', isDefault: true, segments: [{ text, media: [], delayMinutes: null }] }],
    targets: [{ connectionId, groupId: 'g', settings: SETTINGS.TWITTER, scheduledAt: null }],
  });

  beforeEach(async () => {
    app = await AppFixture.start();
    workspaceId = (await app.ownerWithWorkspace()).workspace.id;
    connectionId = (await app.addConnection.execute({ workspaceId, platform: 'TWITTER', handle: '@acme' })).id;
  });

  it('records the author, and changes a post only while the version the client read is stored', async () => {
    const post = await app.writePosts.create(actor('user-a'), draft('one'));
    expect([post.authorUserId, post.version]).to.deep.equal(['user-a', 1]);
    const edited = await app.writePosts.update(actor('user-b'), post.id, draft('two'), { anyVersion: false, versions: [1] });
    expect([edited.version, edited.authorUserId]).to.deep.equal([2, 'user-a']);
    const stale = await rejection(app.writePosts.update(actor('user-b'), post.id, draft('three'), { anyVersion: false, versions: [1] }));
    expect([stale.kind, stale.code]).to.deep.equal(['precondition_failed', 'precondition_failed']);
    const removal = await rejection(app.postLifecycle.remove(actor('user-b'), post.id, { anyVersion: false, versions: [1] }));
    expect(removal.kind).to.equal('precondition_failed');
    expect(await app.postLifecycle.remove(actor('user-b'), post.id, { anyVersion: true, versions: [] })).to.equal(true);
  });

  it("refuses a contributor another member's post, and lets them remove their own draft", async () => {
    const theirs = await app.writePosts.create(actor('user-a'), draft('theirs'));
    expect((await rejection(app.postLifecycle.remove(actor('user-c', true), theirs.id))).code).to.equal('not_author');
    const mine = await app.writePosts.create(actor('user-c', true), draft('mine'));
    expect(await app.postLifecycle.remove(actor('user-c', true), mine.id)).to.equal(true);
  });
});
