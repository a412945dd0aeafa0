import 'reflect-metadata';
import { expect } from 'chai';
import { TOKENS } from '../../../config/tokens';
import { Post } from '../../../domain/post/Post';
import { DATABASE_KINDS } from '../../support/databases';
import {
  DEFAULT_GROUP_ID,
  OWNER,
  bearer,
  created,
  draftBody,
  expectValidation,
  group,
  scheduleBody,
  segment,
  startPostsWorld,
  type Json,
  type PostsWorld,
} from './postsFixture';
import { targetOn } from '../../support/data/posts';

type Page = { data: (Json & { id: string; createdAt: string; status: string })[]; total: number; limit: number; offset: number };

for (const kind of DATABASE_KINDS) {
  describe(`posts: list, order, paging and source on ${kind}`, function () {
    let w: PostsWorld;

    before(async function () {
      w = await startPostsWorld(this, kind);
    });
    after(async () => w?.t.close());

    /** A new workspace of the owner, with a Twitter connection and an API key: a clean list. */
    async function freshWorkspace() {
      const ws = await w.t.given.workspace(OWNER, 'List');
      const conn = { TWITTER: await w.t.given.connection(ws, 'TWITTER', '@list') } as PostsWorld['conn'];
      const key = (await w.t.given.apiKey(ws, OWNER, 'owner')).key;
      const posts = `/v1/workspaces/${ws}/posts`;
      const list = async (query = ''): Promise<Page> => (await w.api.get(`${posts}${query}`).set(bearer(key)).expect(200)).body;
      const add = async (body: Json) => (await w.api.post(posts).set(bearer(key)).send(body).expect(200)).body as Json & { id: string };
      return { ws, conn, key, posts, list, add };
    }

    it('lists newest first, with every field of each post', async () => {
      const f = await freshWorkspace();
      const ids: string[] = [];
      for (let i = 0; i < 4; i++) ids.push((await f.add(draftBody(f, { externalSubmissionId: `n${i}` }))).id);
      const page = await f.list();
      expect(page.data.map((p) => p.id)).to.deep.equal([...ids].reverse());
      expect(page).to.include({ total: 4, limit: 20, offset: 0 });
      const one = (await w.api.get(`${f.posts}/${ids[0]}`).set(bearer(f.key)).expect(200)).body;
      expect(page.data[3]).to.deep.equal(one);
    });

    it('breaks ties of createdAt by id, descending', async () => {
      const f = await freshWorkspace();
      const repository = w.t.composition.get(TOKENS.PostRepository);
      const now = new Date('2020-06-01T10:00:00.123Z'); // before anything the API creates now
      const ids = ['01M0000000000000000000000M', '01M0000000000000000000000Z', '01M0000000000000000000000A'];
      for (const id of ids) {
        await repository.save(
          Post.create(
            {
              id,
              workspaceId: f.ws,
              groups: [group(DEFAULT_GROUP_ID, true, [segment(id)])],
              targets: [{ id: id.replace('01M', '01T'), ...targetOn(f.conn.TWITTER, 'TWITTER') }],
            },
            { now, reviewRequired: false, connectionOf: () => ({ platform: 'TWITTER', workspaceId: f.ws }) },
          ),
        );
      }
      const newer = await f.add(draftBody(f));
      const page = await f.list();
      expect(page.data.map((p) => p.id)).to.deep.equal([newer.id, ids[1], ids[0], ids[2]]);
      expect(page.data[1]!.createdAt).to.equal('2020-06-01T10:00:00.123Z');
    });

    it('filters by status, with total counting the filtered posts', async () => {
      const f = await freshWorkspace();
      for (let i = 0; i < 3; i++) await f.add(draftBody(f));
      const scheduled = [await f.add(scheduleBody(f)), await f.add(scheduleBody(f))].map((p) => p.id);
      const page = await f.list('?status=scheduled');
      expect(page.total).to.equal(2);
      expect(page.data.map((p) => p.id)).to.deep.equal([...scheduled].reverse());
      expect((await f.list('?status=draft')).total).to.equal(3);
      expect(await f.list('?status=published')).to.deep.include({ data: [], total: 0 });
      expect((await f.list('?status=')).total).to.equal(5);
    });

    it('pages with limit and offset; total ignores paging', async () => {
      const f = await freshWorkspace();
      const res = await w.api
        .post(`${f.posts}/bulk`)
        .set(bearer(f.key))
        .send(Array.from({ length: 25 }, (_, i) => draftBody(f, { externalSubmissionId: `b${i}` })))
        .expect(200);
      expect(res.body.every((r: { ok: boolean }) => r.ok)).to.equal(true);
      const all = await f.list('?limit=100');
      expect(all).to.include({ total: 25, limit: 100, offset: 0 });
      expect(all.data).to.have.length(25);
      expect((await f.list()).data, 'default limit 20').to.have.length(20);
      const pages: string[] = [];
      for (let offset = 0; offset < 25; offset += 10) {
        const page = await f.list(`?limit=10&offset=${offset}`);
        expect(page).to.include({ total: 25, limit: 10, offset });
        pages.push(...page.data.map((p) => p.id));
      }
      expect(pages).to.deep.equal(all.data.map((p) => p.id));
      expect(await f.list('?offset=25')).to.deep.include({ data: [], total: 25, offset: 25 });
      expect((await f.list('?limit=1&offset=24')).data.map((p) => p.id)).to.deep.equal([all.data[24]!.id]);
    });

    const badQueries: [string, string][] = [
      ['limit=0', 'limit'],
      ['limit=-1', 'limit'],
      ['limit=abc', 'limit'],
      ['limit=1.5', 'limit'],
      ['limit=101', 'limit'],
      ['limit=1e2', 'limit'],
      ['limit=NaN', 'limit'],
      ['limit=Infinity', 'limit'],
      ['limit=1&limit=2', 'limit'],
      ['offset=-1', 'offset'],
      ['offset=x', 'offset'],
      ['offset=2.5', 'offset'],
      ['offset=Infinity', 'offset'],
      ['status=bogus', 'status'],
      ['status=DRAFT', 'status'],
      ['status=draft&status=scheduled', 'status'],
    ];
    for (const [query, path] of badQueries) {
      it(`refuses ?${query} with 422 invalid_query naming ${path}`, async () => {
        expectValidation(await w.api.get(`${w.posts}?${query}`).set(bearer(w.key)), 'invalid_query', [path]);
      });
    }

    it('says in words what offset takes', async () => {
      const res = await w.api.get(`${w.posts}?offset=-1`).set(bearer(w.key)).expect(422);
      expect(res.body.error.message).to.equal('offset: must be a whole number 0 or more');
    });

    it('accepts limit 100 and 1', async () => {
      expect((await w.api.get(`${w.posts}?limit=100`).set(bearer(w.key)).expect(200)).body.limit).to.equal(100);
      expect((await w.api.get(`${w.posts}?limit=1`).set(bearer(w.key)).expect(200)).body.limit).to.equal(1);
    });

    describe('source', () => {
      it('defaults to api for an API key and to app for a session', async () => {
        expect((await created(w, draftBody(w))).source).to.equal('api');
        expect((await created(w, draftBody(w), w.session)).source).to.equal('app');
      });

      it('keeps the source the body names, and an edit without source keeps it', async () => {
        const post = await created(w, draftBody(w, { source: 'automation', externalSubmissionId: 'zap-1' }), w.session);
        expect(post).to.include({ source: 'automation', externalSubmissionId: 'zap-1' });
        const edited = await w.api
          .patch(`${w.posts}/${post.id}`)
          .set(bearer(w.key))
          .send(draftBody(w, { source: null }))
          .expect(200);
        expect(edited.body).to.include({ source: 'automation', externalSubmissionId: 'zap-1' });
        const cleared = await w.api
          .patch(`${w.posts}/${post.id}`)
          .set(bearer(w.key))
          .send(draftBody(w, { externalSubmissionId: null }))
          .expect(200);
        expect(cleared.body.externalSubmissionId).to.equal(null);
      });
    });

    it('stores and lists 20 concurrent creates (SQLite writes are serialized)', async () => {
      const f = await freshWorkspace();
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          w.api
            .post(f.posts)
            .set(bearer(f.key))
            .send(draftBody(f, { externalSubmissionId: `c${i}` })),
        ),
      );
      expect(responses.map((r) => r.status)).to.deep.equal(Array(20).fill(200));
      const page = await f.list('?limit=100');
      expect(page.total).to.equal(20);
      expect(page.data.map((p) => p.externalSubmissionId).sort()).to.deep.equal(Array.from({ length: 20 }, (_, i) => `c${i}`).sort());
      expect(new Set(page.data.map((p) => p.id)).size).to.equal(20);
    });
  });
}
