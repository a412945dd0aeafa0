import 'reflect-metadata';
import { expect } from 'chai';
import { type Response } from 'supertest';
import { DATABASE_KINDS } from '../../support/databases';
import {
  bearer, created, draftBody, expectError, expectValidation, group, scheduleBody, segment, startPostsWorld,
  type Json, type PostsWorld,
} from './postsFixture';

let keyCounter = 0;
const newKey = (): string => `posts-key-${Date.now()}-${++keyCounter}`;

for (const kind of DATABASE_KINDS) {
  describe(`posts: Idempotency-Key on ${kind}`, function () {
    let w: PostsWorld;

    before(async function () {
      w = await startPostsWorld(this, kind);
    });
    after(async () => w?.t.close());

    const createWithKey = (key: string, body: unknown, token = w.key) =>
      w.api.post(w.posts).set(bearer(token)).set('Idempotency-Key', key).send(body as object);
    const countWith = async (externalSubmissionId: string) => {
      const all = (await w.api.get(`${w.posts}?limit=100`).set(bearer(w.key)).expect(200)).body.data as Json[];
      return all.filter((p) => p.externalSubmissionId === externalSubmissionId).length;
    };

    it('replays the first response byte for byte with Idempotent-Replayed: true, and creates one post', async () => {
      const key = newKey();
      const body = draftBody(w, { externalSubmissionId: key });
      const first = await createWithKey(key, body).expect(200);
      expect(first.headers).to.not.have.property('idempotent-replayed');
      const second = await createWithKey(key, body).expect(200);
      expect(second.headers['idempotent-replayed']).to.equal('true');
      expect(second.text).to.equal(first.text);
      expect(second.headers['content-type']).to.equal(first.headers['content-type']);
      expect(await countWith(key)).to.equal(1);
    });

    it('treats the same JSON with other key order and spacing as the same request', async () => {
      const key = newKey();
      const body = draftBody(w, { externalSubmissionId: key });
      const first = await createWithKey(key, body).expect(200);
      const reordered = JSON.stringify(Object.fromEntries(Object.entries(body).reverse()), null, 2);
      const second = await w.api.post(w.posts).set(bearer(w.key)).set('Idempotency-Key', key).set('Content-Type', 'application/json').send(reordered).expect(200);
      expect(second.headers['idempotent-replayed']).to.equal('true');
      expect(second.text).to.equal(first.text);
    });

    it('answers 409 idempotency_key_reused to the same key with another body, and creates nothing', async () => {
      const key = newKey();
      await createWithKey(key, draftBody(w, { externalSubmissionId: key })).expect(200);
      const other = await createWithKey(key, draftBody(w, { externalSubmissionId: key, groups: [group('g1', true, [segment('Other')])] }));
      expectError(other, 409, 'ConflictError', 'idempotency_key_reused');
      expect(await countWith(key)).to.equal(1);
    });

    it('answers 409 idempotency_key_reused to the same key on another operation', async () => {
      const key = newKey();
      const post = await created(w, draftBody(w));
      await createWithKey(key, draftBody(w)).expect(200);
      expectError(await w.api.delete(`${w.posts}/${post.id}`).set(bearer(w.key)).set('Idempotency-Key', key), 409, 'ConflictError', 'idempotency_key_reused');
      await w.api.get(`${w.posts}/${post.id}`).set(bearer(w.key)).expect(200);
    });

    it('lets five concurrent requests with one key create exactly one post', async () => {
      const key = newKey();
      const body = draftBody(w, { externalSubmissionId: key });
      const responses: Response[] = await Promise.all(Array.from({ length: 5 }, () => createWithKey(key, body)));
      const fresh = responses.filter((r) => r.status === 200 && r.headers['idempotent-replayed'] === undefined);
      const replays = responses.filter((r) => r.status === 200 && r.headers['idempotent-replayed'] === 'true');
      const inUse = responses.filter((r) => r.status === 409);
      expect(fresh, 'exactly one request runs').to.have.length(1);
      expect(replays.length + inUse.length).to.equal(4);
      for (const r of replays) expect(r.text).to.equal(fresh[0]!.text);
      for (const r of inUse) expect(r.body.error).to.include({ type: 'ConflictError', code: 'idempotency_key_in_use' });
      expect(await countWith(key)).to.equal(1);
      // Once finished, the key replays.
      const later = await createWithKey(key, body).expect(200);
      expect(later.text).to.equal(fresh[0]!.text);
    });

    it('replays a final 422 too, with the same body (the request is not run again)', async () => {
      const key = newKey();
      const bad = draftBody(w, { extra: 1 });
      const first = await createWithKey(key, bad);
      expectValidation(first, 'invalid_body', ['extra']);
      const second = await createWithKey(key, bad);
      expect(second.status).to.equal(422);
      expect(second.headers['idempotent-replayed']).to.equal('true');
      expect(second.text).to.equal(first.text);
    });

    it('replays PATCH and DELETE: a replayed remove answers {deleted: true} again, not 404', async () => {
      const post = await created(w, draftBody(w));
      const patchKey = newKey();
      const edit = scheduleBody(w);
      const p1 = await w.api.patch(`${w.posts}/${post.id}`).set(bearer(w.key)).set('Idempotency-Key', patchKey).send(edit).expect(200);
      const p2 = await w.api.patch(`${w.posts}/${post.id}`).set(bearer(w.key)).set('Idempotency-Key', patchKey).send(edit).expect(200);
      expect(p2.text).to.equal(p1.text);
      expect(p2.headers['idempotent-replayed']).to.equal('true');

      const deleteKey = newKey();
      const d1 = await w.api.delete(`${w.posts}/${post.id}`).set(bearer(w.key)).set('Idempotency-Key', deleteKey).expect(200);
      const d2 = await w.api.delete(`${w.posts}/${post.id}`).set(bearer(w.key)).set('Idempotency-Key', deleteKey).expect(200);
      expect(d1.body).to.deep.equal({ deleted: true });
      expect(d2.text).to.equal(d1.text);
      expect(d2.headers['idempotent-replayed']).to.equal('true');
      await w.api.delete(`${w.posts}/${post.id}`).set(bearer(w.key)).expect(404);
    });

    it('replays bulkCreate and publishNow without running them twice', async () => {
      const key = newKey();
      const items = [draftBody(w, { externalSubmissionId: key }), draftBody(w, { externalSubmissionId: key })];
      const b1 = await w.api.post(`${w.posts}/bulk`).set(bearer(w.key)).set('Idempotency-Key', key).send(items).expect(200);
      const b2 = await w.api.post(`${w.posts}/bulk`).set(bearer(w.key)).set('Idempotency-Key', key).send(items).expect(200);
      expect(b2.text).to.equal(b1.text);
      expect(await countWith(key)).to.equal(2);

      const post = await created(w, draftBody(w));
      const publishKey = newKey();
      const first = await w.api.post(`${w.posts}/${post.id}/publish`).set(bearer(w.key)).set('Idempotency-Key', publishKey).expect(200);
      const again = await w.api.post(`${w.posts}/${post.id}/publish`).set(bearer(w.key)).set('Idempotency-Key', publishKey).expect(200);
      expect(again.text).to.equal(first.text);
      // Without the key, a second publish is the refused transition it is.
      await w.api.post(`${w.posts}/${post.id}/publish`).set(bearer(w.key)).expect(409);
    });

    it('keeps keys per user: another user may use the same key', async () => {
      const key = newKey();
      await createWithKey(key, draftBody(w)).expect(200);
      const conn = await w.t.given.connection(w.otherWs, 'TWITTER', '@other');
      const theirs = await w.api.post(`/v1/workspaces/${w.otherWs}/posts`).set(bearer(w.otherKey)).set('Idempotency-Key', key)
        .send(draftBody({ conn: { TWITTER: conn } as never })).expect(200);
      expect(theirs.headers).to.not.have.property('idempotent-replayed');
      expect(theirs.body.workspaceId).to.equal(w.otherWs);
    });

    for (const [what, key] of [['longer than 255 characters', 'k'.repeat(256)], ['not printable ASCII', 'clé-1']] as const) {
      it(`refuses a key ${what} with 422 invalid_idempotency_key`, async () => {
        expectValidation(await createWithKey(key, draftBody(w)), 'invalid_idempotency_key', ['Idempotency-Key']);
      });
    }

    it('does not store an access refusal: a 403 under a key is judged afresh, and succeeds once the role allows it', async () => {
      const key = newKey();
      const email = 'promoted@example.com';
      await w.t.given.user(email);
      await w.t.given.member(w.ws, email, 'viewer');
      const session = await w.t.given.session(email);
      const body = draftBody(w, { externalSubmissionId: key });
      expectError(await createWithKey(key, body, session), 403, 'ForbiddenError', 'insufficient_scope');
      await w.t.given.setRole(w.ws, email, 'editor');
      const res = await createWithKey(key, body, session).expect(200);
      expect(res.headers).to.not.have.property('idempotent-replayed');
      expect(await countWith(key)).to.equal(1);
    });
  });
}
