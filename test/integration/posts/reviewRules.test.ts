import 'reflect-metadata';
import { expect } from 'chai';
import { DATABASE_KINDS } from '../../support/databases';
import { bearer, created, draftBody, expectError, getPost, scheduleBody, startPostsWorld, type PostsWorld } from './postsFixture';

/** docs/product.md "Review rules": removing is the author's call only before review; four eyes on approval. */
for (const kind of DATABASE_KINDS) {
  describe(`posts: review rules on ${kind}`, function () {
    let w: PostsWorld;
    let contributor: string;
    let otherContributor: string;
    let editor: string;
    let otherEditor: string;

    before(async function () {
      w = await startPostsWorld(this, kind);
      contributor = await w.memberSession('contributor');
      otherContributor = await w.memberSession('contributor');
      editor = await w.memberSession('editor');
      otherEditor = await w.memberSession('editor');
    });
    after(async () => w?.t.close());

    const remove = (id: string, token: string) => w.api.delete(`${w.posts}/${id}`).set(bearer(token));
    const approve = (id: string, token: string) => w.api.post(`${w.posts}/${id}/reviews`).set(bearer(token)).send({ decision: 'approved' });
    const stillThere = async (id: string) => expect((await w.api.get(`${w.posts}/${id}`).set(bearer(w.key))).status).to.equal(200);

    it("refuses a contributor removing another member's post: 403 not_author, nothing removed", async () => {
      const theirs = await created(w, draftBody(w), otherContributor);
      expectError(await remove(theirs.id, contributor), 403, 'ForbiddenError', 'not_author');
      await stillThere(theirs.id);

      const editors = await created(w, scheduleBody(w), editor);
      expect(editors.status).to.equal('scheduled');
      expectError(await remove(editors.id, contributor), 403, 'ForbiddenError', 'not_author');
      await stillThere(editors.id);
    });

    it('refuses a contributor removing their own post once approved (scheduled): 403 post_already_approved', async () => {
      const mine = await created(w, scheduleBody(w), contributor);
      expect(mine.status).to.equal('pending_review');
      expect((await approve(mine.id, editor)).status).to.equal(201);
      expect((await getPost(w, mine.id)).status).to.equal('scheduled');
      expectError(await remove(mine.id, contributor), 403, 'ForbiddenError', 'post_already_approved');
      await stillThere(mine.id);
    });

    it('lets a contributor remove their own draft, and their own post still in review', async () => {
      const draft = await created(w, draftBody(w), contributor);
      expect((await remove(draft.id, contributor).expect(200)).body).to.deep.equal({ deleted: true });
      const inReview = await created(w, scheduleBody(w), contributor);
      await remove(inReview.id, contributor).expect(200);
      await w.api.get(`${w.posts}/${draft.id}`).set(bearer(w.key)).expect(404);
    });

    it("lets an editor remove anyone's post, approved ones included", async () => {
      const mine = await created(w, scheduleBody(w), contributor);
      await approve(mine.id, editor).expect(201);
      await remove(mine.id, otherEditor).expect(200);
    });

    it('refuses an editor approving their own submitted post: 403 own_post_review, still in review; another editor approves it: 201', async () => {
      const own = await created(w, scheduleBody(w, { submitForReview: true }), editor);
      expect(own.status).to.equal('pending_review');
      expectError(await approve(own.id, editor), 403, 'ForbiddenError', 'own_post_review');
      expect((await getPost(w, own.id)).status).to.equal('pending_review');
      expect((await w.api.get(`${w.posts}/${own.id}/reviews`).set(bearer(w.key)).expect(200)).body.data).to.deep.equal([]);

      const res = await approve(own.id, otherEditor);
      expect(res.status, res.text).to.equal(201);
      expect(res.body.post.status).to.equal('scheduled');
    });

    it("treats a post stored before authors were recorded as nobody's: a contributor cannot remove it, a reviewer can approve it", async () => {
      const legacy = await created(w, scheduleBody(w, { submitForReview: true }), editor);
      await w.t.dataSource.query('UPDATE posts SET author_user_id = NULL WHERE id = ?', [legacy.id]);
      expectError(await remove(legacy.id, contributor), 403, 'ForbiddenError', 'not_author');
      await approve(legacy.id, editor).expect(201);
    });
  });
}
