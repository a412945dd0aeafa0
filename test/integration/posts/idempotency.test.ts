import 'reflect-metadata';
import { expect } from 'chai';
import { type Response } from 'supertest';
import { type IdempotencyStore } from '../../../application/ports/IdempotencyStore';
import { type WritePosts } from '../../../application/posts/WritePosts';
import { TOKENS } from '../../../config/tokens';
import { DATABASE_KINDS } from '../../support/databases';
import {
  DEFAULT_GROUP_ID,
  bearer,
  created,
  draftBody,
  expectError,
  expectValidation,
  group,
  scheduleBody,
  segment,
  startPostsWorld,
  type Json,
  type PostsWorld,
} from './postsFixture';
import { idempotencyKeys } from '../../support/data/idempotencyKeys';

/** A gate a test opens when it chooses. */
function gate(): { opened: Promise<void>; open(): void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

const newKey = idempotencyKeys('posts-key');

for (const kind of DATABASE_KINDS) {
  describe(`posts: Idempotency-Key on ${kind}`, function () {
    let w: PostsWorld;

    before(async function () {
      w = await startPostsWorld(this, kind);
    });
    after(async () => w?.t.close());

    const createWithKey = (key: string, body: unknown, token = w.key) =>
      w.api
        .post(w.posts)
        .set(bearer(token))
        .set('Idempotency-Key', key)
        .send(body as object);
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
      // The replay's ETag is the first answer's: a retrying client can send it as If-Match at once.
      expect(second.headers.etag).to.be.a('string').and.equal(first.headers.etag);
      const edit = { ...body, groups: [group(DEFAULT_GROUP_ID, true, [segment('Edited after a retry')])] };
      await w.api.patch(`${w.posts}/${first.body.id}`).set(bearer(w.key)).set('If-Match', second.headers.etag!).send(edit).expect(200);
      // Replayed again, it is the first answer still, and its now stale ETag is refused.
      const stale = (await createWithKey(key, body).expect(200)).headers.etag!;
      expect((await w.api.patch(`${w.posts}/${first.body.id}`).set(bearer(w.key)).set('If-Match', stale).send(edit)).status).to.equal(412);
    });

    it('treats the same JSON with other key order and spacing as the same request', async () => {
      const key = newKey();
      const body = draftBody(w, { externalSubmissionId: key });
      const first = await createWithKey(key, body).expect(200);
      const reordered = JSON.stringify(Object.fromEntries(Object.entries(body).reverse()), null, 2);
      const second = await w.api
        .post(w.posts)
        .set(bearer(w.key))
        .set('Idempotency-Key', key)
        .set('Content-Type', 'application/json')
        .send(reordered)
        .expect(200);
      expect(second.headers['idempotent-replayed']).to.equal('true');
      expect(second.text).to.equal(first.text);
    });

    it('answers 409 idempotency_key_reused to the same key with another body, and creates nothing', async () => {
      const key = newKey();
      await createWithKey(key, draftBody(w, { externalSubmissionId: key })).expect(200);
      const other = await createWithKey(key, draftBody(w, { externalSubmissionId: key, groups: [group(DEFAULT_GROUP_ID, true, [segment('Other')])] }));
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
    });

    it('answers 409 idempotency_key_in_use to every duplicate sent while the first request runs, and creates exactly one post', async () => {
      const key = newKey();
      const body = draftBody(w, { externalSubmissionId: key });
      const write = w.t.composition.get(TOKENS.WritePosts);
      const store = w.t.composition.get(TOKENS.IdempotencyStore);
      const { create } = write;
      const { begin } = store;
      const entered = gate();
      const release = gate();
      const allClaimed = gate();
      let claims = 0;
      // Hold the first request inside its handler: its key is claimed (and on SQLite the write
      // lock taken) and it has not finished. Instance properties, removed in `finally`.
      write.create = async function (this: WritePosts, ...args: Parameters<WritePosts['create']>) {
        entered.open();
        await release.opened;
        return create.apply(this, args);
      };
      // Count the claims: the first request is released only once every duplicate has claimed
      // its key (on SQLite a claim waits for the first request's open transaction, if any).
      store.begin = function (this: IdempotencyStore, ...args: Parameters<IdempotencyStore['begin']>) {
        if (++claims === 5) allClaimed.open();
        return begin.apply(this, args);
      };
      let responses: Response[];
      try {
        const first = createWithKey(key, body).then((res) => res);
        await entered.opened;
        const duplicates = Array.from({ length: 4 }, () => createWithKey(key, body).then((res) => res));
        // Bounded, so a regression (duplicates queueing before they claim) fails on the
        // assertions below rather than on the test's timeout.
        await Promise.race([allClaimed.opened, new Promise((resolve) => setTimeout(resolve, 2_000))]);
        release.open();
        responses = await Promise.all([first, ...duplicates]);
      } finally {
        delete (write as Partial<WritePosts>).create;
        delete (store as Partial<IdempotencyStore>).begin;
      }
      const [ran, ...refused] = responses;
      expect(ran!.status, ran!.text).to.equal(200);
      expect(ran!.headers).not.to.have.property('idempotent-replayed');
      for (const r of refused) expectError(r, 409, 'ConflictError', 'idempotency_key_in_use');
      expect(await countWith(key)).to.equal(1);
      // Once finished, the key replays.
      const later = await createWithKey(key, body).expect(200);
      expect(later.headers['idempotent-replayed']).to.equal('true');
      expect(later.text).to.equal(ran!.text);
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

    it("keeps keys per credential and workspace: another user, or the same user's other credential, runs afresh", async () => {
      const key = newKey();
      const body = draftBody(w, { externalSubmissionId: key });
      const mine = await createWithKey(key, body).expect(200);
      const viaSession = await createWithKey(key, body, w.session).expect(200);
      expect(viaSession.headers).to.not.have.property('idempotent-replayed');
      expect(viaSession.body.id).not.to.equal(mine.body.id);
      expect(await countWith(key)).to.equal(2);

      const conn = await w.t.given.connection(w.otherWs, 'TWITTER', '@other');
      const theirs = await w.api
        .post(`/v1/workspaces/${w.otherWs}/posts`)
        .set(bearer(w.otherKey))
        .set('Idempotency-Key', key)
        .send(draftBody({ conn: { TWITTER: conn } as never }))
        .expect(200);
      expect(theirs.headers).to.not.have.property('idempotent-replayed');
      expect(theirs.body.workspaceId).to.equal(w.otherWs);
    });

    it('decides access before any replay: a key bound to another workspace, or a removed member, gets no stored post', async () => {
      const key = newKey();
      const body = draftBody(w, { externalSubmissionId: key });
      const email = `leaver-${key}@example.com`;
      await w.t.given.user(email);
      await w.t.given.member(w.ws, email, 'editor');
      const session = await w.t.given.session(email);
      const first = await createWithKey(key, body, session).expect(200);
      expect((await createWithKey(key, body, session).expect(200)).text).to.equal(first.text);

      // The same user's key bound to a workspace of their own.
      const theirWorkspace = await w.t.given.workspace(email, 'Own');
      const boundElsewhere = (await w.t.given.apiKey(theirWorkspace, email, 'owner')).key;
      const wrongWorkspace = await createWithKey(key, body, boundElsewhere);
      expectError(wrongWorkspace, 403, 'ForbiddenError', 'workspace_not_allowed');
      expect(wrongWorkspace.text).not.to.contain(first.body.id);

      await w.t.given.removeMember(w.ws, email);
      const removed = await createWithKey(key, body, session);
      expectError(removed, 404, 'NotFoundError', 'workspace_not_found');
      expect(removed.headers).to.not.have.property('idempotent-replayed');
      expect(await countWith(key)).to.equal(1);
    });

    it('answers a bulk whose item fails unexpectedly with 200, that item an internal_error naming the requestId; it is replayed, never stored twice', async () => {
      const key = newKey();
      const boom = `boom-${key}`;
      const items = [draftBody(w, { externalSubmissionId: key }), draftBody(w, { externalSubmissionId: boom }), draftBody(w, { externalSubmissionId: key })];
      const write = w.t.composition.get(TOKENS.WritePosts);
      const { create } = write;
      write.create = async function (this: WritePosts, ...args: Parameters<WritePosts['create']>) {
        if (args[1].externalSubmissionId === boom) throw new Error('connection lost');
        return create.apply(this, args);
      };
      let first: Response;
      try {
        first = await w.api.post(`${w.posts}/bulk`).set(bearer(w.key)).set('Idempotency-Key', key).send(items).expect(200);
      } finally {
        delete (write as Partial<WritePosts>).create;
      }
      const results = first.body as Json[];
      expect(results.map((r) => [r.index, r.ok])).to.deep.equal([
        [0, true],
        [1, false],
        [2, true],
      ]);
      expect((results[1]!.error as Json).code).to.equal('internal_error');
      expect((results[1]!.error as Json).message)
        .to.contain(first.headers['x-request-id'])
        .and.not.contain('connection lost');
      // The retry (the failing dependency is back) replays the answer: the stored items are not stored again.
      const retry = await w.api.post(`${w.posts}/bulk`).set(bearer(w.key)).set('Idempotency-Key', key).send(items).expect(200);
      expect(retry.headers['idempotent-replayed']).to.equal('true');
      expect(retry.text).to.equal(first.text);
      expect(await countWith(key)).to.equal(2);
      expect(await countWith(boom)).to.equal(0);
    });

    for (const [what, key] of [
      ['longer than 255 characters', 'k'.repeat(256)],
      ['not printable ASCII', 'clé-1'],
    ] as const) {
      it(`refuses a key ${what} with 422 invalid_idempotency_key`, async () => {
        expectValidation(await createWithKey(key, draftBody(w)), 'invalid_idempotency_key', ['Idempotency-Key']);
      });
    }

    it('never creates a post twice when its answer is lost after the commit: the retry answers 409 idempotency_key_answer_lost', async () => {
      const key = newKey();
      const body = draftBody(w, { externalSubmissionId: key });
      const store = w.t.composition.get(TOKENS.IdempotencyStore);
      // The store fails to record the answer after the post was committed, as when the process
      // stops between the two: the client gets a 500 and the key stays unanswered.
      store.complete = async () => {
        throw new Error('the process stopped here');
      };
      try {
        expect((await createWithKey(key, body)).status).to.equal(500);
      } finally {
        delete (store as Partial<IdempotencyStore>).complete;
      }
      expectError(await createWithKey(key, body), 409, 'ConflictError', 'idempotency_key_in_use');
      // Past the key's lease (2 minutes) a request that changed nothing would run again; this one took effect.
      w.clock.advance(2 * 60 * 1000);
      const retry = await createWithKey(key, body);
      expectError(retry, 409, 'ConflictError', 'idempotency_key_answer_lost');
      expect(retry.body.error.message).to.contain('read the resource back');
      expect(await countWith(key)).to.equal(1);
    });

    it('answers a retry of a request that failed after committing with 409 idempotency_key_answer_lost at once, and one that failed before with a fresh run', async () => {
      const key = newKey();
      const body = draftBody(w, { externalSubmissionId: key });
      const write = w.t.composition.get(TOKENS.WritePosts);
      const { create } = write;
      let failBeforeWriting = true;
      write.create = async function (this: WritePosts, ...args: Parameters<WritePosts['create']>) {
        if (failBeforeWriting) throw new Error('connection lost before the write');
        await create.apply(this, args);
        throw new Error('connection lost after the write');
      };
      try {
        expect((await createWithKey(key, body)).status).to.equal(500);
        expect(await countWith(key)).to.equal(0);
        failBeforeWriting = false;
        expect((await createWithKey(key, body)).status, 'nothing was written: the request runs again').to.equal(500);
      } finally {
        delete (write as Partial<WritePosts>).create;
      }
      expect(await countWith(key)).to.equal(1);
      expectError(await createWithKey(key, body), 409, 'ConflictError', 'idempotency_key_answer_lost');
      expect(await countWith(key)).to.equal(1);
    });

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
