import { expect } from 'chai';
import { POST_STATUSES, type PostStatus } from '../../../../domain/post/PostStatus';
import { Post } from '../../../../domain/post/Post';
import { EARLIER, LATER, NOW, context, expectConflict, expectValidation, group, minutesFrom, newPost, postInput, segment, target } from './postFixtures';
import { postIn } from './postStates';

const create = (extra: Parameters<typeof postInput>[0], ctx = {}) => Post.create(postInput(extra), context(ctx));

describe('Post lifecycle: the intent at creation', () => {
  it('draft or no intent → draft, whatever the times say', () => {
    expect(create({}).status).to.equal('draft');
    expect(create({ intent: null }).status).to.equal('draft');
    expect(create({ intent: 'draft', targets: [target('t1', 'TWITTER', { scheduledAt: EARLIER })] }).status).to.equal('draft');
    expect(create({ intent: 'draft', submitForReview: true }).status).to.equal('draft');
  });

  it('schedule → scheduled when every target has a future time', () => {
    const post = create({ intent: 'schedule' });
    expect(post.status).to.equal('scheduled');
    expect(post.targets[0]!.scheduledAt).to.deep.equal(LATER);
    expect(post.targets[0]!.status).to.equal('pending');
  });

  it('schedule needs a time on every target, strictly in the future', () => {
    const targets = [
      target('t1', 'TWITTER', { scheduledAt: null }),
      target('t2', 'BLUESKY', { scheduledAt: EARLIER }),
      target('t3', 'LINKEDIN', { scheduledAt: NOW }),
      target('t4', 'THREADS', { scheduledAt: minutesFrom(NOW, 1) }),
    ];
    const error = expectValidation(() => create({ intent: 'schedule', targets }), 'invalid_post', [
      'targets[0].scheduledAt',
      'targets[1].scheduledAt',
      'targets[2].scheduledAt',
    ]);
    expect(error.details.map((d) => d.message)).to.deep.equal(['is required to schedule the post', 'must be in the future', 'must be in the future']);
  });

  it('schedule and publish_now need at least one target', () => {
    expectValidation(() => create({ intent: 'schedule', targets: [] }), 'invalid_post', ['targets']);
    expectValidation(() => create({ intent: 'publish_now', targets: [] }), 'invalid_post', ['targets']);
    expectValidation(() => create({ intent: 'publish_now', targets: [] }, { reviewRequired: true }), 'invalid_post', ['targets']);
  });

  it('publish_now → publishing with targets still pending, each due now', () => {
    const post = create({ intent: 'publish_now', targets: [target('t1', 'TWITTER', { scheduledAt: LATER }), target('t2', 'BLUESKY')] });
    expect(post.status).to.equal('publishing');
    expect(post.targets.map((t) => t.status)).to.deep.equal(['pending', 'pending']);
    expect(post.targets.map((t) => t.scheduledAt)).to.deep.equal([NOW, NOW]);
  });

  it('submitForReview or a contributor sends schedule and publish_now to review, remembering the intent', () => {
    const a = create({ intent: 'schedule', submitForReview: true });
    expect([a.status, a.requestedIntent]).to.deep.equal(['pending_review', 'schedule']);
    const b = create({ intent: 'publish_now' }, { reviewRequired: true });
    expect([b.status, b.requestedIntent]).to.deep.equal(['pending_review', 'publish_now']);
    expect(b.targets[0]!.scheduledAt).to.deep.equal(LATER);
    const c = create({ intent: 'schedule', submitForReview: false }, { reviewRequired: true });
    expect(c.status).to.equal('pending_review');
  });

  it('a post sent to review for scheduling still needs future times', () => {
    expectValidation(
      () => create({ intent: 'schedule', targets: [target('t1', 'TWITTER', { scheduledAt: EARLIER })] }, { reviewRequired: true }),
      'invalid_post',
      ['targets[0].scheduledAt'],
    );
  });
});

describe('Post lifecycle: update', () => {
  const edit = (extra: Partial<Parameters<Post['update']>[0]> = {}) => ({
    groups: [group('g_default', true, [segment('Edited')])],
    targets: [target('t_new', 'LINKEDIN', { scheduledAt: LATER })],
    ...extra,
  });
  const later = minutesFrom(NOW, 5);

  for (const status of ['draft', 'pending_review', 'changes_requested', 'scheduled'] as PostStatus[]) {
    it(`is allowed in ${status}: content and targets are replaced`, () => {
      const post = postIn(status);
      post.update(edit(), context({ now: later }));
      expect(post.groups[0]!.segments[0]!.text).to.equal('Edited');
      expect(post.targets.map((t) => t.id)).to.deep.equal(['t_new']);
      expect(post.updatedAt).to.deep.equal(later);
      expect(post.createdAt).to.deep.equal(NOW);
    });
  }

  for (const status of ['publishing', 'published', 'partially_failed', 'failed'] as PostStatus[]) {
    it(`is refused with 409 post_not_editable in ${status}`, () => {
      const post = postIn(status);
      expectConflict(() => post.update(edit(), context({ now: LATER })), 'post_not_editable');
      expect(post.status).to.equal(status);
    });
  }

  it('covers every status', () => {
    expect(POST_STATUSES).to.have.length(8);
    for (const s of POST_STATUSES) expect(postIn(s).status).to.equal(s);
  });

  it('an explicit intent applies the creation rules', () => {
    const post = postIn('draft');
    post.update(edit({ intent: 'schedule' }), context());
    expect(post.status).to.equal('scheduled');
    post.update(edit({ intent: 'draft' }), context());
    expect(post.status).to.equal('draft');
    post.update(edit({ intent: 'publish_now' }), context());
    expect(post.status).to.equal('publishing');
  });

  it('no intent keeps a draft a draft and a scheduled post scheduled (times re-checked)', () => {
    const draft = postIn('draft');
    draft.update(edit(), context());
    expect(draft.status).to.equal('draft');

    const scheduled = postIn('scheduled');
    scheduled.update(edit(), context());
    expect(scheduled.status).to.equal('scheduled');
    expectValidation(() => scheduled.update(edit({ targets: [target('t1', 'TWITTER', { scheduledAt: EARLIER })] }), context()), 'invalid_post', [
      'targets[0].scheduledAt',
    ]);
  });

  it('a contributor editing a scheduled post sends it back to review', () => {
    const post = postIn('scheduled');
    post.update(edit(), context({ reviewRequired: true }));
    expect([post.status, post.requestedIntent]).to.deep.equal(['pending_review', 'schedule']);
  });

  it('no intent keeps a post in review, or sent back for changes, where it is', () => {
    const inReview = postIn('pending_review');
    inReview.update(edit(), context());
    expect([inReview.status, inReview.requestedIntent]).to.deep.equal(['pending_review', 'schedule']);
    const sentBack = postIn('changes_requested');
    sentBack.update(edit(), context());
    expect(sentBack.status).to.equal('changes_requested');
  });

  it('resubmitting after changes goes back to review for a contributor, straight on for an editor', () => {
    const byContributor = postIn('changes_requested');
    byContributor.update(edit({ intent: 'schedule' }), context({ reviewRequired: true }));
    expect(byContributor.status).to.equal('pending_review');
    const byEditor = postIn('changes_requested');
    byEditor.update(edit({ intent: 'schedule' }), context());
    expect(byEditor.status).to.equal('scheduled');
  });

  it('a refused update changes nothing', () => {
    const post = postIn('scheduled');
    const before = post.toSnapshot();
    expectValidation(() => post.update(edit({ groups: [group('g_default', true, [segment('x'.repeat(3001))])] }), context({ now: LATER })), 'invalid_post', [
      'groups[0].segments[0].text',
      'targets[0].scheduledAt',
    ]);
    expect(post.toSnapshot()).to.deep.equal(before);
  });

  it('keeps the source unless another is given, and replaces the external id when present', () => {
    const post = newPost({ source: 'api', externalSubmissionId: 'e1' });
    post.update(edit({ source: null }), context());
    expect([post.source, post.externalSubmissionId]).to.deep.equal(['api', 'e1']);
    post.update(edit({ source: 'automation', externalSubmissionId: null }), context());
    expect([post.source, post.externalSubmissionId]).to.deep.equal(['automation', null]);
  });
});

/** Someone whose posts need no review: removes any post of the workspace. */
const EDITOR = { userId: 'user_editor', reviewRequired: false };

describe('Post lifecycle: remove', () => {
  it('is refused with 409 while publishing', () => {
    expectConflict(() => postIn('publishing').ensureRemovableBy(EDITOR), 'post_publishing');
  });

  for (const status of POST_STATUSES.filter((s) => s !== 'publishing')) {
    it(`is allowed in ${status}`, () => {
      expect(() => postIn(status).ensureRemovableBy(EDITOR)).not.to.throw();
    });
  }
});

describe('Post lifecycle: publishNow', () => {
  for (const status of ['draft', 'scheduled', 'changes_requested'] as PostStatus[]) {
    it(`${status} → publishing, targets due now; → pending_review when review is required`, () => {
      const post = postIn(status);
      post.publishNow(LATER, false);
      expect(post.status).to.equal('publishing');
      expect(post.targets.every((t) => t.status === 'pending' && t.scheduledAt!.getTime() === LATER.getTime())).to.equal(true);
      expect(post.updatedAt).to.deep.equal(LATER);

      const reviewed = postIn(status);
      reviewed.publishNow(LATER, true);
      expect([reviewed.status, reviewed.requestedIntent]).to.deep.equal(['pending_review', 'publish_now']);
    });
  }

  for (const status of ['pending_review', 'publishing', 'published', 'partially_failed', 'failed'] as PostStatus[]) {
    it(`is refused with 409 in ${status}`, () => {
      expectConflict(() => postIn(status).publishNow(LATER, false), 'post_not_publishable');
    });
  }

  it('is refused with 409 for a post without targets', () => {
    expectConflict(() => newPost({ targets: [] }).publishNow(NOW, false), 'post_has_no_targets');
  });
});
