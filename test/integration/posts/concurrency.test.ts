import 'reflect-metadata';
import { expect } from 'chai';
import { DATABASE_KINDS } from '../../support/databases';
import { bearer, created, draftBody, scheduleBody, startPostsWorld, type PostsWorld } from './postsFixture';

/** Rounds per race: enough to hit the interleaving reliably, few enough to stay fast. */
const ROUNDS = 8;

/**
 * Two writes to one post at the same time. Whatever order they take, every success the
 * client was told about must hold afterwards: a serial order must explain the outcome.
 * SQLite serializes writing requests; on MySQL the post row is locked (SELECT … FOR UPDATE)
 * from read to save, so the second change sees the first.
 */
for (const kind of DATABASE_KINDS) {
  describe(`posts: concurrent writes to one post on ${kind}`, function () {
    let w: PostsWorld;
    let contributor: string;
    let editor: string;

    before(async function () {
      w = await startPostsWorld(this, kind);
      contributor = await w.memberSession('contributor');
      editor = await w.memberSession('editor');
    });
    after(async () => w?.t.close());

    it('a post removed with {deleted: true} stays removed when a PATCH runs at the same time', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const post = await created(w, draftBody(w));
        const [removed, edited] = await Promise.all([
          w.api.delete(`${w.posts}/${post.id}`).set(bearer(w.key)),
          w.api
            .patch(`${w.posts}/${post.id}`)
            .set(bearer(w.key))
            .send(draftBody(w, { externalSubmissionId: 'edited' })),
        ]);
        expect(removed.body).to.deep.equal({ deleted: true });
        const after = await w.api.get(`${w.posts}/${post.id}`).set(bearer(w.key));
        expect(after.status, `round ${round}: PATCH answered ${edited.status}, yet the deleted post is back`).to.equal(404);
      }
    });

    it('publishNow and a PATCH at the same time: both successes hold, or one is refused', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const post = await created(w, scheduleBody(w));
        const [published, edited] = await Promise.all([
          w.api.post(`${w.posts}/${post.id}/publish`).set(bearer(w.key)),
          w.api
            .patch(`${w.posts}/${post.id}`)
            .set(bearer(w.key))
            .send(scheduleBody(w, { externalSubmissionId: 'edited' })),
        ]);
        expect(published.status).to.equal(200);
        const after = (await w.api.get(`${w.posts}/${post.id}`).set(bearer(w.key)).expect(200)).body;
        // publishNow answered "publishing": the post must be publishing.
        expect(after.status, `round ${round}: publish answered publishing, PATCH answered ${edited.status}`).to.equal('publishing');
        // The only serial order where both succeed is PATCH then publish: the edit must be there too.
        if (edited.status === 200) expect(after.externalSubmissionId, `round ${round}: the PATCH answered 200 but its edit is lost`).to.equal('edited');
        else expect(edited.body.error.code).to.equal('post_not_editable');
      }
    });

    it('two reviewers deciding at once: one decision wins, the other is refused, none is lost', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const post = await created(w, scheduleBody(w), contributor);
        const answers = await Promise.all([
          w.api.post(`${w.posts}/${post.id}/reviews`).set(bearer(editor)).send({ decision: 'approved' }),
          w.api.post(`${w.posts}/${post.id}/reviews`).set(bearer(w.key)).send({ decision: 'changes_requested', comment: 'Not yet' }),
        ]);
        const accepted = answers.filter((r) => r.status === 201);
        const history = (await w.api.get(`${w.posts}/${post.id}/reviews`).set(bearer(w.key)).expect(200)).body.data;
        expect(history, `round ${round}: ${accepted.length} decisions answered 201`).to.have.length(accepted.length);
        expect(accepted, `round ${round}: a post leaves review once`).to.have.length(1);
        for (const refused of answers.filter((r) => r.status !== 201)) expect(refused.body.error.code).to.equal('post_not_in_review');
        const after = (await w.api.get(`${w.posts}/${post.id}`).set(bearer(w.key)).expect(200)).body;
        expect(after.status).to.equal(accepted[0]!.body.post.status);
      }
    });
  });
}
