import 'reflect-metadata';
import { expect } from 'chai';
import { DATABASE_KINDS } from '../../support/databases';
import {
  DEFAULT_GROUP_ID,
  OWNER,
  bearer,
  bodyFor,
  create,
  created,
  draftBody,
  expectError,
  expectValidation,
  future,
  getPost,
  group,
  scheduleBody,
  segment,
  startPostsWorld,
  target,
  type PostsWorld,
} from './postsFixture';

for (const kind of DATABASE_KINDS) {
  describe(`posts: review flow on ${kind}`, function () {
    let w: PostsWorld;
    let contributor: string;
    let editor: string;
    let viewer: string;

    before(async function () {
      w = await startPostsWorld(this, kind);
      contributor = await w.memberSession('contributor');
      editor = await w.memberSession('editor');
      viewer = await w.memberSession('viewer');
    });
    after(async () => w?.t.close());

    const reviewsUrl = (id: string) => `${w.posts}/${id}/reviews`;
    const decide = (id: string, token: string, body: object) => w.api.post(reviewsUrl(id)).set(bearer(token)).send(body);
    const patch = (id: string, token: string, body: object) => w.api.patch(`${w.posts}/${id}`).set(bearer(token)).send(body);

    describe('a contributor', () => {
      it('scheduling → pending_review', async () => {
        expect((await created(w, scheduleBody(w), contributor)).status).to.equal('pending_review');
      });

      it('publish_now, at creation or through publish → pending_review', async () => {
        expect((await created(w, draftBody(w, { intent: 'publish_now' }), contributor)).status).to.equal('pending_review');
        const draft = await created(w, draftBody(w), contributor);
        expect(draft.status).to.equal('draft');
        const res = await w.api.post(`${w.posts}/${draft.id}/publish`).set(bearer(contributor)).expect(200);
        expect(res.body.status).to.equal('pending_review');
      });

      it('cannot approve (403 insufficient_scope) nor ask for changes, and the post stays in review', async () => {
        const post = await created(w, scheduleBody(w), contributor);
        expectError(await decide(post.id, contributor, { decision: 'approved' }), 403, 'ForbiddenError', 'insufficient_scope');
        expectError(await decide(post.id, contributor, { decision: 'changes_requested', comment: 'hmm' }), 403, 'ForbiddenError', 'insufficient_scope');
        expect((await getPost(w, post.id)).status).to.equal('pending_review');
      });

      it('changing a target of an approved post through updateTarget sends it back to review', async () => {
        const body = bodyFor(
          w,
          'YOUTUBE',
          { intent: 'schedule' },
          {
            scheduledAt: future(),
            settings: { platform: 'YOUTUBE', values: { privacy: 'PRIVATE', madeForKids: false } },
          },
        );
        const post = await created(w, body, contributor);
        await decide(post.id, editor, { decision: 'approved' }).expect(201);
        const settings = { platform: 'YOUTUBE', values: { privacy: 'PUBLIC', madeForKids: false } };
        await w.api.patch(`${w.posts}/${post.id}/targets/${post.targets[0]!.id}`).set(bearer(contributor)).send({ settings }).expect(200);
        expect((await getPost(w, post.id)).status).to.equal('pending_review');
      });

      it('with an API key the owner froze at contributor goes through review too', async () => {
        const { key } = await w.t.given.apiKey(w.ws, OWNER, 'contributor');
        expect((await created(w, scheduleBody(w), key)).status).to.equal('pending_review');
      });

      it('can read the review history (reviews:read)', async () => {
        const post = await created(w, scheduleBody(w), contributor);
        expect((await w.api.get(reviewsUrl(post.id)).set(bearer(contributor)).expect(200)).body).to.deep.equal({ data: [] });
      });

      it('editing a scheduled (approved) post without intent sends it back to review', async () => {
        const post = await created(w, scheduleBody(w), contributor);
        await decide(post.id, editor, { decision: 'approved' }).expect(201);
        const res = await patch(post.id, contributor, draftBody(w, { targets: [target(w, 'TWITTER', { scheduledAt: future(30) })] })).expect(200);
        expect(res.body.status).to.equal('pending_review');
      });
    });

    describe('a reviewer (editor)', () => {
      it('approves a scheduled request → scheduled, recording the review', async () => {
        const post = await created(w, scheduleBody(w), contributor);
        const res = await decide(post.id, editor, { decision: 'approved', comment: 'Looks good' }).expect(201);
        expect(res.body.post.status).to.equal('scheduled');
        expect(res.body.review).to.include({ decision: 'approved', comment: 'Looks good' });
        expect(res.body.review.reviewerUserId).to.be.a('string');
        expect((await getPost(w, post.id)).status).to.equal('scheduled');
      });

      it('approves a publish_now request → publishing', async () => {
        const post = await created(w, draftBody(w, { intent: 'publish_now' }), contributor);
        const res = await decide(post.id, editor, { decision: 'approved' }).expect(201);
        expect(res.body.post.status).to.equal('publishing');
        expect(res.body.review.comment).to.equal(null);
      });

      it('asks for changes with a comment → changes_requested; then approval is refused (409) until resubmitted', async () => {
        const post = await created(w, scheduleBody(w), contributor);
        const res = await decide(post.id, editor, { decision: 'changes_requested', comment: 'Shorter, please' }).expect(201);
        expect(res.body.post.status).to.equal('changes_requested');
        expect(res.body.review).to.include({ decision: 'changes_requested', comment: 'Shorter, please' });
        expectError(await decide(post.id, editor, { decision: 'approved' }), 409, 'ConflictError', 'post_not_in_review');

        const resubmitted = await patch(post.id, contributor, scheduleBody(w, { groups: [group(DEFAULT_GROUP_ID, true, [segment('Short')])] })).expect(200);
        expect(resubmitted.body.status).to.equal('pending_review');
        await decide(post.id, editor, { decision: 'approved' }).expect(201);
        expect((await getPost(w, post.id)).status).to.equal('scheduled');
      });

      it('GET reviews shows the whole history, oldest first', async () => {
        const post = await created(w, scheduleBody(w), contributor);
        await decide(post.id, editor, { decision: 'changes_requested', comment: 'Add a link' }).expect(201);
        await patch(post.id, contributor, scheduleBody(w)).expect(200);
        await decide(post.id, w.key, { decision: 'approved', comment: 'OK' }).expect(201);
        const history = (await w.api.get(reviewsUrl(post.id)).set(bearer(viewer)).expect(200)).body.data;
        expect(history.map((r: { decision: string; comment: string }) => [r.decision, r.comment])).to.deep.equal([
          ['changes_requested', 'Add a link'],
          ['approved', 'OK'],
        ]);
        expect(history[0].reviewerUserId).to.not.equal(history[1].reviewerUserId);
        expect(Date.parse(history[0].createdAt)).to.be.at.most(Date.parse(history[1].createdAt));
        // The Post object keeps exactly docs/spec.md's fields: no review history in it.
        expect(await getPost(w, post.id)).to.not.have.property('reviews');
      });

      for (const [what, body] of [
        ['absent', {}],
        ['null', { comment: null }],
        ['blank', { comment: '   ' }],
      ] as const) {
        it(`asking for changes with the comment ${what} → 422 naming comment, post unchanged`, async () => {
          const post = await created(w, scheduleBody(w), contributor);
          expectValidation(await decide(post.id, editor, { decision: 'changes_requested', ...body }), 'invalid_body', ['comment']);
          expect((await getPost(w, post.id)).status).to.equal('pending_review');
          expect((await w.api.get(reviewsUrl(post.id)).set(bearer(editor)).expect(200)).body.data).to.deep.equal([]);
        });
      }

      it('refuses a bad review body: unknown decision, missing decision, unknown property', async () => {
        const post = await created(w, scheduleBody(w), contributor);
        expectValidation(await decide(post.id, editor, { decision: 'rejected' }), 'invalid_body', ['decision']);
        expectValidation(await decide(post.id, editor, { comment: 'x' }), 'invalid_body', ['decision']);
        expectValidation(await decide(post.id, editor, { decision: 'approved', score: 5 }), 'invalid_body', ['score']);
      });

      it('refuses to approve a schedule whose time has passed (409 scheduled_time_passed); a new time can then be approved', async () => {
        const post = await created(w, scheduleBody(w), contributor);
        // Time passes while the post waits: its stored time is moved into the past.
        const late = new Date(Date.now() - 60_000);
        const dataSource = w.t.dataSource;
        const stored = dataSource.options.type === 'better-sqlite3' ? late.toISOString().replace('T', ' ').replace('Z', '') : late;
        await dataSource.query('UPDATE post_targets SET scheduled_at = ? WHERE post_id = ?', [stored, post.id]);
        expectError(await decide(post.id, editor, { decision: 'approved' }), 409, 'ConflictError', 'scheduled_time_passed');
        expect((await getPost(w, post.id)).status).to.equal('pending_review');
        await w.api
          .patch(`${w.posts}/${post.id}/targets/${post.targets[0]!.id}`)
          .set(bearer(contributor))
          .send({ scheduledAt: future(2) })
          .expect(200);
        expect((await decide(post.id, editor, { decision: 'approved' }).expect(201)).body.post.status).to.equal('scheduled');
      });

      it("an editor's own schedule needs no review", async () => {
        expect((await created(w, scheduleBody(w), editor)).status).to.equal('scheduled');
      });

      it('reviews a post an owner sent with submitForReview', async () => {
        const post = await created(w, scheduleBody(w, { submitForReview: true }));
        expect(post.status).to.equal('pending_review');
        await decide(post.id, editor, { decision: 'approved' }).expect(201);
        expect((await getPost(w, post.id)).status).to.equal('scheduled');
      });
    });

    describe('a viewer', () => {
      it('cannot create, update, publish or remove posts (403 insufficient_scope), but can read them', async () => {
        expectError(await create(w, draftBody(w), viewer), 403, 'ForbiddenError', 'insufficient_scope');
        const post = await created(w, draftBody(w));
        expectError(await patch(post.id, viewer, draftBody(w)), 403, 'ForbiddenError', 'insufficient_scope');
        expectError(await w.api.post(`${w.posts}/${post.id}/publish`).set(bearer(viewer)), 403, 'ForbiddenError', 'insufficient_scope');
        expectError(await w.api.delete(`${w.posts}/${post.id}`).set(bearer(viewer)), 403, 'ForbiddenError', 'insufficient_scope');
        expectError(
          await w.api
            .post(`${w.posts}/bulk`)
            .set(bearer(viewer))
            .send([draftBody(w)]),
          403,
          'ForbiddenError',
          'insufficient_scope',
        );
        await getPost(w, post.id, viewer);
        await w.api.get(w.posts).set(bearer(viewer)).expect(200);
        expect((await getPost(w, post.id)).status).to.equal('draft');
      });

      it('cannot review (403)', async () => {
        const post = await created(w, scheduleBody(w), contributor);
        expectError(await decide(post.id, viewer, { decision: 'approved' }), 403, 'ForbiddenError', 'insufficient_scope');
      });
    });
  });
}
