import { expect } from 'chai';
import { type PostStatus, deriveStatusFromTargets } from '../../../../domain/post/PostStatus';
import { LATER, NOW, expectConflict, expectNotFound, minutesFrom, newPost, scheduledPost } from './postFixtures';
import { postIn, published } from './postStates';

const at = minutesFrom(LATER, 1);

describe('Post targets: publishing', () => {
  it('startPublishing takes a pending target: one attempt, the post publishing', () => {
    const post = scheduledPost();
    const started = post.startPublishing('t_tw', at);
    expect([started.status, started.attempts]).to.deep.equal(['publishing', 1]);
    expect(post.target('t_tw').status).to.equal('publishing');
    expect(post.target('t_bs').status).to.equal('pending');
    expect(post.status).to.equal('publishing');
    expect(post.updatedAt).to.deep.equal(at);
  });

  for (const status of ['draft', 'pending_review', 'changes_requested'] as PostStatus[]) {
    it(`worker transitions are refused with 409 on a ${status} post`, () => {
      const post = postIn(status);
      expectConflict(() => post.startPublishing('t_tw', at), 'post_not_publishing');
      expectConflict(() => post.markFailed('t_tw', 'x', at), 'post_not_publishing');
      expectConflict(() => post.markPublished('t_tw', published, at), 'post_not_publishing');
    });
  }

  it('startPublishing is refused (409) for a target that is not pending', () => {
    const post = scheduledPost();
    post.startPublishing('t_tw', at);
    expectConflict(() => post.startPublishing('t_tw', at), 'target_not_pending');
  });

  it('markPublished records the outcome; all published → published', () => {
    const post = scheduledPost();
    post.startPublishing('t_tw', at);
    const done = post.markPublished('t_tw', published, at);
    expect(done.toSnapshot()).to.include({ status: 'published', platformPostId: 'p1', platformPostUrl: published.platformPostUrl, error: null });
    expect(done.postedAt).to.deep.equal(NOW);
    expect(post.status).to.equal('publishing');
    post.startPublishing('t_bs', at);
    post.markPublished('t_bs', { platformPostId: 'p2', platformPostUrl: null, postedAt: at }, at);
    expect(post.status).to.equal('published');
  });

  it('publishes a target at most once (409 on a second markPublished)', () => {
    const post = postIn('published');
    expectConflict(() => post.markPublished('t_tw', published, at), 'target_already_published');
    expectConflict(() => post.markFailed('t_tw', 'late error', at), 'target_already_published');
    expect(post.target('t_tw').platformPostId).to.equal('p1');
  });

  it('markPublished is refused (409) for a target that was never started', () => {
    expectConflict(() => scheduledPost().markPublished('t_tw', published, at), 'target_not_publishing');
  });

  it('markFailed records a readable error; all failed → failed', () => {
    const post = postIn('failed');
    expect(post.status).to.equal('failed');
    expect(post.target('t_tw').toSnapshot()).to.include({ status: 'failed', error: 'token revoked', attempts: 1 });
    expectConflict(() => post.markFailed('t_tw', 'again', at), 'target_already_failed');
  });

  it('an empty error still says something', () => {
    const post = newPost({ intent: 'publish_now' });
    post.startPublishing('t_tw', at);
    expect(post.markFailed('t_tw', ' ', at).error).to.equal('publishing failed for an unknown reason');
  });

  it('one published and one failed → partially_failed', () => {
    const post = postIn('partially_failed');
    expect(post.targets.map((t) => t.status)).to.deep.equal(['published', 'failed']);
    expect(post.status).to.equal('partially_failed');
  });

  it('a pending target can fail before any attempt; the post is publishing from then on', () => {
    const post = scheduledPost();
    const failed = post.markFailed('t_bs', 'connection revoked', at);
    expect([failed.status, failed.attempts]).to.deep.equal(['failed', 0]);
    expect(post.status).to.equal('publishing');
  });

  it('an unknown target is a 404', () => {
    expectNotFound(() => scheduledPost().startPublishing('t_missing', at));
    expectNotFound(() => scheduledPost().target('t_missing'));
  });
});

describe('Post targets: retry', () => {
  it('retryTarget puts a failed target back to pending, clears its error, keeps its attempts', () => {
    const post = postIn('partially_failed');
    const retried = post.retryTarget('t_bs', at);
    expect(retried.toSnapshot()).to.include({ status: 'pending', error: null, attempts: 1 });
    expect(post.status).to.equal('publishing');
    post.startPublishing('t_bs', at);
    expect(post.target('t_bs').attempts).to.equal(2);
    post.markPublished('t_bs', published, at);
    expect(post.status).to.equal('published');
  });

  it('retrying the only failed target of a failed post → publishing', () => {
    const post = postIn('failed');
    post.retryTarget('t_tw', at);
    expect(post.status).to.equal('publishing');
  });

  it('is refused (409 target_not_failed) for pending, publishing and published targets', () => {
    expectConflict(() => scheduledPost().retryTarget('t_tw', at), 'target_not_failed');
    expectConflict(() => postIn('publishing').retryTarget('t_tw', at), 'target_not_failed');
    expectConflict(() => postIn('published').retryTarget('t_tw', at), 'target_not_failed');
  });
});

describe('deriveStatusFromTargets', () => {
  const cases: [Parameters<typeof deriveStatusFromTargets>[0], PostStatus][] = [
    [['pending'], 'publishing'],
    [['publishing', 'published'], 'publishing'],
    [['pending', 'failed'], 'publishing'],
    [['published'], 'published'],
    [['published', 'published'], 'published'],
    [['failed', 'failed'], 'failed'],
    [['published', 'failed'], 'partially_failed'],
  ];
  for (const [statuses, expected] of cases) {
    it(`${statuses.join(' + ')} → ${expected}`, () => {
      expect(deriveStatusFromTargets(statuses)).to.equal(expected);
    });
  }
});
