import { expect } from 'chai';
import { Post } from '../../../../domain/post/Post';
import { POST_STATUSES } from '../../../../domain/post/PostStatus';
import { LATER, NOW, group, media, newPost, segment } from './postFixtures';
import { postIn } from './postStates';

describe('Post snapshots', () => {
  for (const status of POST_STATUSES) {
    it(`rehydrate(toSnapshot()) round-trips a ${status} post`, () => {
      const post = postIn(status);
      const copy = Post.rehydrate(post.toSnapshot());
      expect(copy.toSnapshot()).to.deep.equal(post.toSnapshot());
      expect(copy.status).to.equal(status);
    });
  }

  it('keeps media, delays and the requested intent through a round trip; the review history is not part of it', () => {
    const post = newPost({
      groups: [group('g_default', true, [segment('a', [media('m', { altText: 'alt', thumbnailTimestamp: 1.5 })], { delayMinutes: 3 })])],
    });
    expect(Post.rehydrate(post.toSnapshot()).toSnapshot().groups[0]!.segments[0]).to.deep.equal({
      text: 'a',
      media: [{ id: 'm', altText: 'alt', thumbnailMediaId: null, thumbnailTimestamp: 1.5 }],
      delayMinutes: 3,
    });
    const reviewed = Post.rehydrate(postIn('changes_requested').toSnapshot());
    expect(reviewed.unsavedReviews).to.deep.equal([]);
    expect(reviewed.persisted?.status).to.equal('changes_requested');
    expect(reviewed.requestedIntent).to.equal('schedule');
  });

  it('hands out copies: changing a snapshot or a returned date does not change the post', () => {
    const post = newPost();
    const snapshot = post.toSnapshot();
    snapshot.createdAt.setTime(0);
    snapshot.targets[0]!.scheduledAt!.setTime(0);
    post.createdAt.setTime(0);
    post.targets[0]!.scheduledAt!.setTime(0);
    expect(post.createdAt).to.deep.equal(NOW);
    expect(post.targets[0]!.scheduledAt).to.deep.equal(LATER);
  });

  it('does not share state with the snapshot it was rehydrated from', () => {
    const snapshot = postIn('scheduled').toSnapshot();
    const post = Post.rehydrate(snapshot);
    snapshot.updatedAt.setTime(0);
    snapshot.targets[0]!.scheduledAt!.setTime(0);
    expect(post.updatedAt).to.deep.equal(NOW);
    expect(post.targets[0]!.scheduledAt).to.deep.equal(LATER);
    expect(Object.isFrozen(post.targets)).to.equal(true);
    expect(Object.isFrozen(post.groups)).to.equal(true);
  });
});
