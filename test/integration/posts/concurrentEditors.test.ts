import 'reflect-metadata';
import { expect } from 'chai';
import { type Response } from 'supertest';
import { DATABASE_KINDS } from '../../support/databases';
import {
  DEFAULT_GROUP_ID,
  bearer,
  created,
  draftBody,
  expectError,
  expectValidation,
  group,
  segment,
  startPostsWorld,
  targetIdOf,
  type PostsWorld,
} from './postsFixture';

const EDITORS = 50;

/** docs/product.md "Review rules": an ETag on every post and target answer, If-Match honoured on PATCH and DELETE. */
for (const kind of DATABASE_KINDS) {
  describe(`posts: concurrent editors (ETag, If-Match) on ${kind}`, function () {
    let w: PostsWorld;

    before(async function () {
      w = await startPostsWorld(this, kind);
    });
    after(async () => w?.t.close());

    const url = (id: string) => `${w.posts}/${id}`;
    const read = (id: string) => w.api.get(url(id)).set(bearer(w.key)).expect(200);
    const textOf = (label: string) => ({ groups: [group(DEFAULT_GROUP_ID, true, [segment(label)])] });
    const edit = (id: string, label: string, ifMatch?: string) => {
      const req = w.api.patch(url(id)).set(bearer(w.key));
      return (ifMatch === undefined ? req : req.set('If-Match', ifMatch)).send(draftBody(w, textOf(label)));
    };
    const shownText = async (id: string) => (await read(id)).body.groups[0].segments[0].text as string;

    it('tags every answer about a post or its targets with its version, which each save moves on', async () => {
      const creation = await w.api.post(w.posts).set(bearer(w.key)).send(draftBody(w)).expect(200);
      const id = creation.body.id as string;
      expect(creation.headers.etag).to.equal('"1"');
      expect((await read(id)).headers.etag).to.equal('"1"');
      expect(
        (
          await w.api
            .get(`${url(id)}/targets`)
            .set(bearer(w.key))
            .expect(200)
        ).headers.etag,
      ).to.equal('"1"');
      const targetId = creation.body.targets[0].id as string;
      const targetChange = await w.api
        .patch(`${url(id)}/targets/${targetId}`)
        .set(bearer(w.key))
        .send({ groupId: DEFAULT_GROUP_ID })
        .expect(200);
      expect(targetChange.headers.etag).to.equal('"2"');
      expect((await edit(id, 'edited', '"2"').expect(200)).headers.etag).to.equal('"3"');
      expect((await read(id)).headers.etag).to.equal('"3"');
    });

    it(`lets exactly one of ${EDITORS} concurrent editors holding the same ETag win; the others get 412 and change nothing`, async () => {
      const post = await created(w, draftBody(w));
      const etag = (await read(post.id)).headers.etag!;
      const responses: Response[] = await Promise.all(Array.from({ length: EDITORS }, (_, i) => edit(post.id, `editor ${i}`, etag)));
      const won = responses.filter((r) => r.status === 200);
      const refused = responses.filter((r) => r.status === 412);
      expect(won, responses.map((r) => r.status).join(',')).to.have.length(1);
      expect(refused).to.have.length(EDITORS - 1);
      for (const r of refused) expectError(r, 412, 'PreconditionFailedError', 'precondition_failed');
      expect(await shownText(post.id)).to.equal(won[0]!.body.groups[0].segments[0].text);
      expect((await read(post.id)).headers.etag).to.equal(won[0]!.headers.etag);
    });

    it('keeps last-writer-wins without If-Match, and lets If-Match: * pass on any version', async () => {
      const post = await created(w, draftBody(w));
      await edit(post.id, 'first').expect(200);
      await edit(post.id, 'second').expect(200);
      expect(await shownText(post.id)).to.equal('second');
      await edit(post.id, 'third', '*').expect(200);
      expect(await shownText(post.id)).to.equal('third');
    });

    it('matches any tag of a list; a weak or unknown tag never matches; a value that is no entity tag is a 422', async () => {
      const post = await created(w, draftBody(w));
      expectError(await edit(post.id, 'weak', 'W/"1"'), 412, 'PreconditionFailedError', 'precondition_failed');
      expectError(await edit(post.id, 'foreign', '"abc"'), 412, 'PreconditionFailedError', 'precondition_failed');
      await edit(post.id, 'listed', '"7", "1"').expect(200);
      expectValidation(await edit(post.id, 'bare', '2'), 'invalid_if_match', ['If-Match']);
      expect(await shownText(post.id)).to.equal('listed');
    });

    it('refuses a DELETE with a stale ETag with 412 and removes nothing; with the current one it removes', async () => {
      const post = await created(w, draftBody(w));
      const stale = (await read(post.id)).headers.etag!;
      await edit(post.id, 'moved on').expect(200);
      expectError(await w.api.delete(url(post.id)).set(bearer(w.key)).set('If-Match', stale), 412, 'PreconditionFailedError', 'precondition_failed');
      const current = (await read(post.id)).headers.etag!;
      await w.api.delete(url(post.id)).set(bearer(w.key)).set('If-Match', current).expect(200);
      await w.api.get(url(post.id)).set(bearer(w.key)).expect(404);
    });

    it('counts If-Match as part of an Idempotency-Key request: a replay repeats the answer, another condition is another request', async () => {
      const post = await created(w, draftBody(w));
      const key = `if-match-${post.id}`;
      const keyed = (ifMatch: string) =>
        w.api
          .patch(url(post.id))
          .set(bearer(w.key))
          .set('Idempotency-Key', key)
          .set('If-Match', ifMatch)
          .send(draftBody(w, textOf('keyed')));
      const first = await keyed('"1"').expect(200);
      const replay = await keyed('"1"').expect(200);
      expect(replay.headers['idempotent-replayed']).to.equal('true');
      expect(replay.text).to.equal(first.text);
      expectError(await keyed('"2"'), 409, 'ConflictError', 'idempotency_key_reused');
    });

    it('answers 404 for a post that is gone, whatever If-Match says', async () => {
      const post = await created(w, draftBody(w));
      await w.api.delete(url(post.id)).set(bearer(w.key)).expect(200);
      expectError(await edit(post.id, 'late', '*'), 404, 'NotFoundError', 'post_not_found');
    });

    it("refuses a target's PATCH with a stale ETag of its post", async () => {
      const post = await created(w, draftBody(w));
      const stale = (await read(post.id)).headers.etag!;
      await edit(post.id, 'moved on').expect(200);
      const targetId = targetIdOf(w, (await read(post.id)).body, 'TWITTER');
      const res = await w.api
        .patch(`${url(post.id)}/targets/${targetId}`)
        .set(bearer(w.key))
        .set('If-Match', stale)
        .send({ groupId: DEFAULT_GROUP_ID });
      expectError(res, 412, 'PreconditionFailedError', 'precondition_failed');
    });
  });
}
