import { expect } from 'chai';
import { type PostStatus } from '../../../../domain/post/PostStatus';
import { type Review } from '../../../../domain/post/Review';
import { LATER, NOW, context, expectConflict, expectValidation, group, minutesFrom, newPost, reviewer, segment, target } from './postFixtures';
import { postIn } from './postStates';

const soon = minutesFrom(NOW, 10);

describe('Post review', () => {
  it('approving a post that asked to be scheduled → scheduled, with the review recorded', () => {
    const post = newPost({ intent: 'schedule' }, { reviewRequired: true });
    post.approve(reviewer('rev_1'), soon, 'Looks good');
    expect(post.status).to.equal('scheduled');
    expect(post.requestedIntent).to.equal(null);
    expect(post.updatedAt).to.deep.equal(soon);
    expect(post.unsavedReviews).to.deep.equal([{ id: 'rev_1', decision: 'approved', comment: 'Looks good', reviewerUserId: 'user_editor', createdAt: soon }]);
  });

  it('approving a post that asked to publish now → publishing, its targets due at approval', () => {
    const post = newPost({ intent: 'publish_now' }, { reviewRequired: true });
    post.approve(reviewer(), soon);
    expect(post.status).to.equal('publishing');
    expect(post.targets[0]!.status).to.equal('pending');
    expect(post.targets[0]!.scheduledAt).to.deep.equal(soon);
    expect(post.unsavedReviews[0]!.comment).to.equal(null);
  });

  it('refuses (409 scheduled_time_passed) to approve a schedule whose time has passed, changing nothing', () => {
    const post = newPost({ intent: 'schedule' }, { reviewRequired: true });
    const before = post.toSnapshot();
    const error = expectConflict(() => post.approve(reviewer(), LATER), 'scheduled_time_passed');
    expect(error.message).to.contain('t_tw');
    expect(post.toSnapshot()).to.deep.equal(before);
  });

  it('requesting changes → changes_requested, with the comment, the requested intent kept', () => {
    const post = newPost({ intent: 'publish_now' }, { reviewRequired: true });
    post.requestChanges(reviewer('rev_9'), 'Shorter, please', soon);
    expect(post.status).to.equal('changes_requested');
    expect(post.requestedIntent).to.equal('publish_now');
    expect(post.unsavedReviews).to.deep.equal([
      { id: 'rev_9', decision: 'changes_requested', comment: 'Shorter, please', reviewerUserId: 'user_editor', createdAt: soon },
    ]);
  });

  it('requesting changes needs a comment (422 on path comment)', () => {
    const post = postIn('pending_review');
    expectValidation(() => post.requestChanges(reviewer(), '   ', soon), 'invalid_review', ['comment']);
    expect(post.status).to.equal('pending_review');
    expect(post.unsavedReviews).to.have.length(0);
  });

  for (const status of ['draft', 'changes_requested', 'scheduled', 'publishing', 'published', 'partially_failed', 'failed'] as PostStatus[]) {
    it(`approve and requestChanges are refused with 409 in ${status}`, () => {
      const post = postIn(status);
      expectConflict(() => post.approve(reviewer(), soon), 'post_not_in_review');
      expectConflict(() => post.requestChanges(reviewer(), 'No', soon), 'post_not_in_review');
    });
  }

  it('runs the whole contributor flow: submit, changes, resubmit, approve', () => {
    const post = newPost({ intent: 'schedule' }, { reviewRequired: true });
    post.requestChanges(reviewer('rev_1'), 'Fix the typo', soon);
    post.update(
      { groups: [group('g_default', true, [segment('Fixed')])], targets: [target('t_tw', 'TWITTER', { scheduledAt: LATER })], intent: 'schedule' },
      context({ now: soon, reviewRequired: true }),
    );
    expect(post.status).to.equal('pending_review');
    post.approve(reviewer('rev_2'), soon);
    expect(post.status).to.equal('scheduled');
    expect(post.unsavedReviews.map((r: Review) => [r.id, r.decision])).to.deep.equal([
      ['rev_1', 'changes_requested'],
      ['rev_2', 'approved'],
    ]);
  });

  it('exposes the decisions taken since loading read-only', () => {
    const post = postIn('changes_requested');
    expect(Object.isFrozen(post.unsavedReviews)).to.equal(true);
    expect(Object.isFrozen(post.unsavedReviews[0])).to.equal(true);
    expect(() => (post.unsavedReviews as unknown as unknown[]).push({})).to.throw(TypeError);
  });

  it('forgets its decisions once saved: storage holds the history', () => {
    const post = newPost({ intent: 'schedule' }, { reviewRequired: true });
    post.approve(reviewer('rev_1'), soon);
    post.markSaved();
    expect(post.unsavedReviews).to.deep.equal([]);
    expect(post.persisted?.status).to.equal('scheduled');
  });
});
