import { expect } from 'chai';
import { type PostStatus } from '../../../../domain/post/PostStatus';
import { type Post } from '../../../../domain/post/Post';
import {
  EARLIER,
  LATER,
  NOW,
  connectionOf,
  expectConflict,
  expectNotFound,
  expectValidation,
  group,
  media,
  minutesFrom,
  newPost,
  scheduledPost,
  segment,
  target,
} from './postFixtures';
import { postIn } from './postStates';

const ctx = { now: NOW, connectionOf, reviewRequired: false };
const twoGroups = () =>
  newPost({
    intent: 'schedule',
    groups: [group('g_default', true, [segment('short')]), group('g_long', false, [segment('x'.repeat(400))])],
  });
const bad = (post: Post, changes: Parameters<Post['updateTarget']>[1], paths: string[]) =>
  expectValidation(() => post.updateTarget('t_tw', changes, ctx), 'invalid_target', paths);

describe('Post.updateTarget', () => {
  it('changes the group, settings and time of a pending target', () => {
    const post = newPost({ intent: 'schedule', groups: [group('g_default', true), group('g_other', false)] });
    const later = minutesFrom(LATER, 30);
    const changed = post.updateTarget(
      't_tw',
      { groupId: 'g_other', settings: { platform: 'TWITTER', values: { replyRestriction: 'following' } }, scheduledAt: later },
      { now: minutesFrom(NOW, 1), connectionOf, reviewRequired: false },
    );
    expect(changed.groupId).to.equal('g_other');
    expect(changed.settings).to.deep.equal({ platform: 'TWITTER', values: { replyRestriction: 'following' } });
    expect(changed.scheduledAt).to.deep.equal(later);
    expect(post.target('t_tw').groupId).to.equal('g_other');
    expect(post.status).to.equal('scheduled');
    expect(post.updatedAt).to.deep.equal(minutesFrom(NOW, 1));
  });

  it('absent or null fields keep their value; scheduledAt null clears it on a draft', () => {
    const post = newPost();
    const same = post.updateTarget('t_tw', { groupId: null, settings: null }, ctx);
    expect([same.groupId, same.scheduledAt]).to.deep.equal(['g_default', LATER]);
    expect(post.updateTarget('t_tw', { scheduledAt: null }, ctx).scheduledAt).to.equal(null);
    expect(post.updateTarget('t_tw', { scheduledAt: EARLIER }, ctx).scheduledAt).to.deep.equal(EARLIER);
  });

  it('needs the group to belong to the post', () => {
    bad(scheduledPost(), { groupId: 'ghost' }, ['groupId']);
  });

  it('applies the platform rules to the new group', () => {
    const error = bad(twoGroups(), { groupId: 'g_long' }, ['groups[1].segments[0].text']);
    expect(error.details[0]!.message).to.contain('TWITTER allows at most 280');
  });

  it('validates settings like creation does, paths relative to the update body', () => {
    bad(scheduledPost(), { settings: { platform: 'TWITTER', values: { replyRestriction: 'all', x: 1 } } }, [
      'settings.values.replyRestriction',
      'settings.values.x',
    ]);
    bad(scheduledPost(), { settings: { platform: 'BLUESKY', values: {} } }, ['settings.platform']);
  });

  it('a scheduled post needs a future time on the target', () => {
    bad(scheduledPost(), { scheduledAt: EARLIER }, ['scheduledAt']);
    bad(scheduledPost(), { scheduledAt: NOW }, ['scheduledAt']);
    bad(scheduledPost(), { scheduledAt: null }, ['scheduledAt']);
    bad(scheduledPost(), { scheduledAt: new Date('garbage') }, ['scheduledAt']);
  });

  it('reports every problem at once and changes nothing', () => {
    const post = scheduledPost();
    const before = post.toSnapshot();
    bad(post, { groupId: 'ghost', settings: { platform: 'TWITTER', values: {} }, scheduledAt: EARLIER }, [
      'groupId',
      'settings.values.replyRestriction',
      'scheduledAt',
    ]);
    expect(post.toSnapshot()).to.deep.equal(before);
  });

  it('changes a pending target of a post already publishing', () => {
    const post = scheduledPost();
    post.startPublishing('t_tw', LATER);
    const later = minutesFrom(LATER, 60);
    expect(post.updateTarget('t_bs', { scheduledAt: later }, { now: LATER, connectionOf, reviewRequired: false }).scheduledAt).to.deep.equal(later);
    expect(post.status).to.equal('publishing');
  });

  for (const status of ['publishing', 'published', 'failed'] as PostStatus[]) {
    it(`is refused (409 target_not_pending) for a target that is ${status}`, () => {
      const post = postIn(status);
      expectConflict(() => post.updateTarget('t_tw', { scheduledAt: LATER }, ctx), 'target_not_pending');
    });
  }

  it('an unknown target is a 404', () => {
    expectNotFound(() => scheduledPost().updateTarget('nope', {}, ctx));
  });

  it('a media platform keeps its media rule when a target switches groups', () => {
    const post = newPost({
      groups: [group('g_default', true, [segment('video', [media()])]), group('g_text', false, [segment('text')])],
      targets: [target('t_tw', 'YOUTUBE')],
    });
    bad(post, { groupId: 'g_text' }, ['groups[1].segments[0].media']);
  });

  describe('by someone whose changes need review (a contributor)', () => {
    const asContributor = { now: NOW, connectionOf, reviewRequired: true };

    it('sends an approved, scheduled post back to review', () => {
      const post = newPost({ intent: 'schedule' });
      expect(post.status).to.equal('scheduled');
      post.updateTarget('t_tw', { settings: { platform: 'TWITTER', values: { replyRestriction: 'following' } } }, asContributor);
      expect(post.status).to.equal('pending_review');
      expect(post.requestedIntent).to.equal('schedule');
    });

    it('leaves a draft a draft', () => {
      const post = newPost({});
      post.updateTarget('t_tw', { settings: { platform: 'TWITTER', values: { replyRestriction: 'following' } } }, asContributor);
      expect(post.status).to.equal('draft');
    });

    it('is refused (409 review_required) once the post is publishing', () => {
      const post = newPost({ intent: 'publish_now' });
      expect(post.status).to.equal('publishing');
      expectConflict(() => post.updateTarget('t_tw', { scheduledAt: LATER }, asContributor), 'review_required');
    });
  });
});
