import 'reflect-metadata';
import { expect } from 'chai';
import { DATABASE_KINDS } from '../../support/databases';
import {
  DEFAULT_GROUP_ID,
  bearer,
  draftBody,
  expectValidation,
  getPost,
  group,
  past,
  scheduleBody,
  segment,
  startPostsWorld,
  target,
  type Json,
  type PostsWorld,
} from './postsFixture';

interface Result {
  index: number;
  ok: boolean;
  post?: Json & { id: string; status: string };
  error?: { code: string; message: string };
}

for (const kind of DATABASE_KINDS) {
  describe(`posts: bulkCreate on ${kind}`, function () {
    let w: PostsWorld;

    before(async function () {
      w = await startPostsWorld(this, kind);
    });
    after(async () => w?.t.close());

    const bulk = (body: unknown, token = w.key) =>
      w.api
        .post(`${w.posts}/bulk`)
        .set(bearer(token))
        .send(body as object);
    const total = async () => (await w.api.get(w.posts).set(bearer(w.key)).expect(200)).body.total as number;

    it('answers one result per item by index: good ones stored, bad ones {ok:false, error:{code,message}}', async () => {
      const before = await total();
      const items: unknown[] = [
        draftBody(w, { externalSubmissionId: 'bulk-0' }),
        draftBody(w, { extra: true }), // unknown property
        scheduleBody(w, { externalSubmissionId: 'bulk-2' }),
        draftBody(w, { groups: [group(DEFAULT_GROUP_ID, true, [segment('x'.repeat(281))])] }), // too long for Twitter
        scheduleBody(w, { targets: [target(w, 'TWITTER', { scheduledAt: past() })] }), // past time
        draftBody(w, { targets: [target(w, 'TWITTER', { connectionId: w.foreignConn })] }), // other workspace
        42,
        null,
        draftBody(w, { intent: 'publish_now', externalSubmissionId: 'bulk-8' }),
      ];
      const res = await bulk(items).expect(200);
      const results = res.body as Result[];
      expect(results.map((r) => [r.index, r.ok])).to.deep.equal(items.map((_, i) => [i, [0, 2, 8].includes(i)]));
      expect(results.map((r) => r.error?.code)).to.deep.equal([
        undefined,
        'invalid_body',
        undefined,
        'invalid_post',
        'invalid_post',
        'invalid_post',
        'invalid_body',
        'invalid_body',
        undefined,
      ]);
      for (const r of results.filter((x) => !x.ok)) {
        expect(r.error!.message).to.be.a('string').and.not.equal('');
        expect(r).to.not.have.property('post');
      }
      expect(results[1]!.error!.message).to.include('extra');
      expect(results[3]!.error!.message).to.include('groups[0].segments[0].text');
      expect(results[5]!.error!.message).to.include('targets[0].connectionId');

      expect(results.filter((r) => r.ok).map((r) => r.post!.status)).to.deep.equal(['draft', 'scheduled', 'publishing']);
      for (const r of results.filter((x) => x.ok)) {
        const stored = await getPost(w, r.post!.id);
        expect(stored).to.deep.equal(r.post);
        expect(stored.externalSubmissionId).to.equal(`bulk-${r.index}`);
      }
      expect(await total()).to.equal(before + 3);
    });

    it('stores nothing and answers 200 with every item failed when all are bad', async () => {
      const before = await total();
      const res = await bulk([{}, { groups: [] }]).expect(200);
      expect(res.body.map((r: Result) => r.ok)).to.deep.equal([false, false]);
      expect(await total()).to.equal(before);
    });

    it('accepts 100 items', async () => {
      const before = await total();
      const items = Array.from({ length: 100 }, (_, i) => draftBody(w, { externalSubmissionId: `hundred-${i}` }));
      const res = await bulk(items).expect(200);
      expect(res.body).to.have.length(100);
      expect(res.body.every((r: Result, i: number) => r.ok && r.index === i)).to.equal(true);
      expect(await total()).to.equal(before + 100);
    });

    it('refuses 101 items with 422 and stores none of them', async () => {
      const before = await total();
      const res = await bulk(Array.from({ length: 101 }, () => draftBody(w)));
      expectValidation(res, 'invalid_body', ['']);
      expect(await total()).to.equal(before);
    });

    for (const [what, body] of [
      ['an object (one create body)', () => draftBody(w)],
      ['an empty array', () => []],
    ] as const) {
      it(`refuses ${what} with 422 naming the body`, async () => expectValidation(await bulk(body()), 'invalid_body', ['']));
    }

    it('refuses a body that is not JSON with 422 invalid_json', async () => {
      const res = await w.api.post(`${w.posts}/bulk`).set(bearer(w.key)).set('Content-Type', 'application/json').send('[{"groups":');
      expect(res.status).to.equal(422);
      expect(res.body.error.code).to.equal('invalid_json');
    });

    it('applies the contributor rule to each item (pending_review)', async () => {
      const contributor = await w.memberSession('contributor');
      const res = await bulk([scheduleBody(w), draftBody(w)], contributor).expect(200);
      expect(res.body.map((r: Result) => r.post!.status)).to.deep.equal(['pending_review', 'draft']);
      expect(res.body.map((r: Result) => r.post!.source)).to.deep.equal(['app', 'app']);
    });

    it('gives each stored item its own id and target ids', async () => {
      const res = await bulk([draftBody(w), draftBody(w)]).expect(200);
      const [a, b] = res.body.map((r: Result) => r.post!) as (Json & { id: string; targets: Json[] })[];
      expect(a!.id).to.not.equal(b!.id);
      expect(a!.targets[0]!.id).to.not.equal(b!.targets[0]!.id);
    });
  });
}
