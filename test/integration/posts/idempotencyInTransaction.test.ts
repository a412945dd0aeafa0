import 'reflect-metadata';
import { expect } from 'chai';
import { type Response } from 'supertest';
import { type IdempotencyStore } from '../../../application/ports/IdempotencyStore';
import { type Post } from '../../../domain/post/Post';
import { type PostRepository } from '../../../domain/post/PostRepository';
import { TOKENS } from '../../../config/tokens';
import { DATABASE_KINDS } from '../../support/databases';
import { idempotencyKeys } from '../../support/data/idempotencyKeys';
import { bearer, draftBody, expectError, startPostsWorld, type Json, type PostsWorld } from './postsFixture';

/** A gate a test opens when it chooses. */
function gate(): { opened: Promise<void>; open(): void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

const newKey = idempotencyKeys('in-transaction');
const DUPLICATES = 4;

/**
 * docs/product.md "Headers": a duplicate sent while the first request runs answers 409. Here the
 * first is held INSIDE its unit of work (its transaction open, on SQLite the connection held),
 * where a duplicate's claim must not wait for it and then replay its answer.
 */
for (const kind of DATABASE_KINDS) {
  describe(`posts: Idempotency-Key while the first request's transaction is open, on ${kind}`, function () {
    let w: PostsWorld;

    before(async function () {
      w = await startPostsWorld(this, kind);
    });
    after(async () => w?.t.close());

    it(`answers 409 idempotency_key_in_use to ${DUPLICATES} duplicates, then replays the one post created`, async () => {
      const key = newKey();
      const body = draftBody(w, { externalSubmissionId: key });
      const send = () => w.api.post(w.posts).set(bearer(w.key)).set('Idempotency-Key', key).send(body);
      const posts = w.t.composition.get(TOKENS.PostRepository);
      const store = w.t.composition.get(TOKENS.IdempotencyStore);
      const { save } = posts;
      const { begin } = store;
      const entered = gate();
      const release = gate();
      const allAnswered = gate();
      let held = false;
      let claims = 0;
      // Hold the first save inside its transaction; count the duplicates' claims as they finish.
      posts.save = async function (this: PostRepository, post: Post) {
        if (!held) {
          held = true;
          entered.open();
          await release.opened;
        }
        return save.call(this, post);
      };
      store.begin = async function (this: IdempotencyStore, ...args: Parameters<IdempotencyStore['begin']>) {
        const outcome = await begin.apply(this, args);
        if (++claims === DUPLICATES + 1) allAnswered.open();
        return outcome;
      };
      let responses: Response[];
      try {
        const first = send().then((res) => res);
        await entered.opened;
        const duplicates = Array.from({ length: DUPLICATES }, () => send().then((res) => res));
        // Bounded: claims that wait for the first request's transaction fail the assertions below.
        await Promise.race([allAnswered.opened, new Promise((resolve) => setTimeout(resolve, 2_000))]);
        release.open();
        responses = await Promise.all([first, ...duplicates]);
      } finally {
        delete (posts as Partial<PostRepository>).save;
        delete (store as Partial<IdempotencyStore>).begin;
      }
      const [ran, ...refused] = responses;
      expect(ran!.status, ran!.text).to.equal(200);
      expect(refused.map((r) => r.status)).to.deep.equal(Array(DUPLICATES).fill(409));
      for (const r of refused) expectError(r, 409, 'ConflictError', 'idempotency_key_in_use');
      const all = (await w.api.get(`${w.posts}?limit=100`).set(bearer(w.key)).expect(200)).body.data as Json[];
      expect(all.filter((p) => p.externalSubmissionId === key)).to.have.length(1);
      const later = await send().expect(200);
      expect(later.headers['idempotent-replayed']).to.equal('true');
      expect(later.text).to.equal(ran!.text);
    });
  });
}
