import { expect } from 'chai';
import { POST_STATUSES, type PostStatus } from '../../../../domain/post/PostStatus';
import { AUTHOR, expectConflict, expectForbidden, newPost, reviewer, NOW } from './postFixtures';
import { postIn } from './postStates';

const contributor = (userId: string) => ({ userId, reviewRequired: true });
const editor = (userId: string) => ({ userId, reviewRequired: false });
/** Where a contributor's own post still is their own to remove: review has not let it through. */
const BEFORE_REVIEW: readonly PostStatus[] = ['draft', 'pending_review', 'changes_requested'];

describe('Post review rules (docs/product.md): removing', () => {
  for (const status of BEFORE_REVIEW) {
    it(`lets a contributor remove their own ${status} post`, () => {
      expect(() => postIn(status).ensureRemovableBy(contributor(AUTHOR))).not.to.throw();
    });
  }

  for (const status of POST_STATUSES.filter((s) => !BEFORE_REVIEW.includes(s))) {
    it(`refuses a contributor their own ${status} post with 403 post_already_approved`, () => {
      expectForbidden(() => postIn(status).ensureRemovableBy(contributor(AUTHOR)), 'post_already_approved');
    });
  }

  it("refuses a contributor another member's post, and a post of unknown author, with 403 not_author", () => {
    expectForbidden(() => postIn('draft').ensureRemovableBy(contributor('user_other')), 'not_author');
    expectForbidden(() => newPost({ authorUserId: null }).ensureRemovableBy(contributor(AUTHOR)), 'not_author');
  });

  it("lets someone who needs no review remove anyone's post, but never one publishing", () => {
    expect(() => postIn('scheduled').ensureRemovableBy(editor('user_other'))).not.to.throw();
    expect(() => newPost({ authorUserId: null }).ensureRemovableBy(editor('user_other'))).not.to.throw();
    expectConflict(() => postIn('publishing').ensureRemovableBy(editor('user_other')), 'post_publishing');
  });
});

describe('Post review rules (docs/product.md): four eyes', () => {
  const inReview = (authorUserId: string | null) => newPost({ authorUserId, intent: 'schedule', submitForReview: true });

  it('refuses the author approving their own post with 403 own_post_review, and leaves it in review', () => {
    const post = inReview('user_editor');
    expectForbidden(() => post.approve(reviewer(), NOW), 'own_post_review');
    expect(post.status).to.equal('pending_review');
    expect(post.unsavedReviews).to.deep.equal([]);
  });

  it('lets another reviewer approve it, and anyone approve a post of unknown author', () => {
    const post = inReview(AUTHOR);
    post.approve(reviewer(), NOW);
    expect(post.status).to.equal('scheduled');
    const unknown = inReview(null);
    unknown.approve(reviewer(), NOW);
    expect(unknown.status).to.equal('scheduled');
  });
});
