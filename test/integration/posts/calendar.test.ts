import 'reflect-metadata';
import { expect } from 'chai';
import { ACCEPTED_PLATFORM_NAMES } from '../../../domain/platform/Platform';
import { DATABASE_KINDS } from '../../support/databases';
import {
  asWorker,
  bearer,
  DEFAULT_GROUP_ID,
  expectValidation,
  group,
  type Json,
  OWNER,
  type PostsWorld,
  SETTINGS,
  segment,
  startPostsWorld,
} from './postsFixture';

type Page = { data: (Json & { id: string; targets: Json[] })[]; total: number; limit: number; offset: number };

/**
 * posts.list's calendar over HTTP (docs/posts.md, "The calendar"), every answer checked
 * against the OpenAPI document. A workspace of six posts around March 2099:
 *
 *   P1 scheduled  TWITTER 03-10 09:00Z, BLUESKY 04-02 09:00Z
 *   P2 scheduled  LINKEDIN 03-05 12:00+02:00 (10:00Z)
 *   P3 draft      TWITTER, no time
 *   P4 draft      BLUESKY 03-31 23:59:59.999Z
 *   P5 scheduled  TWITTER 04-01 00:00Z (the end of March, excluded)
 *   P6 published  TWITTER due 02-27, posted 03-01 00:00Z (the start of March, included)
 */
const MARCH = 'from=2099-03-01T00:00:00Z&to=2099-04-01T00:00:00Z';

for (const kind of DATABASE_KINDS) {
  describe(`posts: the calendar (from, to, platform, connectionId, sort) on ${kind}`, function () {
    let w: PostsWorld;
    let posts: string;
    let key: string;
    let conn: Record<'TWITTER' | 'BLUESKY' | 'LINKEDIN', string>;
    const p: string[] = [];
    const nameOf = (id: string) => `P${p.indexOf(id)}`;

    const list = async (query: string): Promise<Page> => (await w.api.get(`${posts}?${query}`).set(bearer(key)).expect(200)).body;
    const names = async (query: string) => {
      const page = await list(query);
      return { names: page.data.map((post) => nameOf(post.id)), total: page.total };
    };

    before(async function () {
      w = await startPostsWorld(this, kind);
      const ws = await w.t.given.workspace(OWNER, 'Calendar');
      conn = {
        TWITTER: await w.t.given.connection(ws, 'TWITTER', '@cal'),
        BLUESKY: await w.t.given.connection(ws, 'BLUESKY', 'cal.bsky.social'),
        LINKEDIN: await w.t.given.connection(ws, 'LINKEDIN', 'cal-li'),
      };
      key = (await w.t.given.apiKey(ws, OWNER, 'owner')).key;
      posts = `/v1/workspaces/${ws}/posts`;
      const to = (platform: keyof typeof conn, scheduledAt: string | null) => ({
        connectionId: conn[platform],
        groupId: DEFAULT_GROUP_ID,
        settings: SETTINGS[platform],
        scheduledAt,
      });
      const add = async (intent: 'draft' | 'schedule', targets: Json[]) => {
        const res = await w.api
          .post(posts)
          .set(bearer(key))
          .send({ groups: [group(DEFAULT_GROUP_ID, true, [segment('calendar')])], targets, intent });
        expect(res.status, JSON.stringify(res.body)).to.equal(200);
        p.push(res.body.id);
      };
      p.push('(none)');
      await add('schedule', [to('TWITTER', '2099-03-10T09:00:00Z'), to('BLUESKY', '2099-04-02T09:00:00Z')]);
      await add('schedule', [to('LINKEDIN', '2099-03-05T12:00:00+02:00')]);
      await add('draft', [to('TWITTER', null)]);
      await add('draft', [to('BLUESKY', '2099-03-31T23:59:59.999Z')]);
      await add('schedule', [to('TWITTER', '2099-04-01T00:00:00Z')]);
      await add('schedule', [to('TWITTER', '2099-02-27T09:00:00Z')]);
      const published = { ...w, ws, posts } as PostsWorld;
      await asWorker(published, p[6]!, (post, now) => {
        const target = post.targets[0]!.id;
        post.startPublishing(target, now);
        post.markPublished(target, { platformPostId: '1', platformPostUrl: 'https://x.com/cal/status/1', postedAt: new Date('2099-03-01T00:00:00Z') }, now);
      });
    });
    after(async () => w?.t.close());

    it('lists a month: newest first by default, soonest first with sort=scheduledAt; a published post at postedAt', async () => {
      expect(await names(MARCH)).to.deep.equal({ names: ['P6', 'P4', 'P2', 'P1'], total: 4 });
      expect(await names(`${MARCH}&sort=scheduledAt`)).to.deep.equal({ names: ['P6', 'P2', 'P1', 'P4'], total: 4 });
      expect(await names(`${MARCH}&sort=createdAt`)).to.deep.equal({ names: ['P6', 'P4', 'P2', 'P1'], total: 4 });
    });

    it('shows each post whole, every target included, as posts.get does', async () => {
      const page = await list(`${MARCH}&sort=scheduledAt`);
      const p1 = page.data.find((post) => post.id === p[1])!;
      expect(p1.targets).to.have.length(2);
      expect(p1).to.deep.equal((await w.api.get(`${posts}/${p[1]}`).set(bearer(key)).expect(200)).body);
      expect(page).to.include({ limit: 20, offset: 0 });
    });

    it('reads from and to as instants with any offset: from inclusive, to exclusive', async () => {
      const p2 = '2099-03-05T12:00:00%2B02:00';
      expect(await names(`from=${p2}&to=2099-03-05T10:00:00.001Z`)).to.deep.equal({ names: ['P2'], total: 1 });
      expect(await names(`from=2099-03-05T05:00:00-05:00&to=${p2}`), 'the same instant, to exclusive').to.deep.equal({ names: [], total: 0 });
      expect(await names(`from=${p2}&to=${p2}`), 'an empty range').to.deep.equal({ names: [], total: 0 });
      expect(await names('to=2099-03-01T00:00:00Z'), 'to alone').to.deep.equal({ names: [], total: 0 });
      expect(await names('from=2099-04-01T00:00:00Z&sort=scheduledAt'), 'from alone').to.deep.equal({ names: ['P5', 'P1'], total: 2 });
    });

    it('filters by platform and by connection, alone and with the range: one target meets them all', async () => {
      expect(await names('platform=BLUESKY&sort=scheduledAt')).to.deep.equal({ names: ['P4', 'P1'], total: 2 });
      expect(await names(`${MARCH}&platform=BLUESKY`), "P1's Bluesky target is in April").to.deep.equal({ names: ['P4'], total: 1 });
      expect(await names(`${MARCH}&platform=TWITTER&sort=scheduledAt`)).to.deep.equal({ names: ['P6', 'P1'], total: 2 });
      expect(await names('platform=TWITTER'), 'without a range, the draft without a time too').to.deep.equal({ names: ['P6', 'P5', 'P3', 'P1'], total: 4 });
      expect(await names(`connectionId=${conn.LINKEDIN}`)).to.deep.equal({ names: ['P2'], total: 1 });
      expect(await names(`connectionId=${conn.TWITTER}&platform=BLUESKY`)).to.deep.equal({ names: [], total: 0 });
      expect(await names(`connectionId=${w.foreignConn}`), "another workspace's connection").to.deep.equal({ names: [], total: 0 });
    });

    it('takes a platform named freely: any case, and X for TWITTER, as the CLI does', async () => {
      const exact = await names('platform=TWITTER');
      for (const name of ['twitter', 'Twitter', 'X', 'x']) expect(await names(`platform=${name}`), name).to.deep.equal(exact);
      expect(await names(`${MARCH}&platform=bluesky`)).to.deep.equal(await names(`${MARCH}&platform=BLUESKY`));
    });

    it('combines with status', async () => {
      expect(await names(`${MARCH}&status=scheduled&sort=scheduledAt`)).to.deep.equal({ names: ['P2', 'P1'], total: 2 });
      expect(await names(`${MARCH}&status=draft`)).to.deep.equal({ names: ['P4'], total: 1 });
      expect(await names(`${MARCH}&status=published&platform=TWITTER`)).to.deep.equal({ names: ['P6'], total: 1 });
      expect(await names('status=draft&sort=scheduledAt'), 'sort alone: P3 has no time').to.deep.equal({ names: ['P4', 'P3'], total: 2 });
    });

    it('pages with limit and offset; total counts the filtered posts whatever the page', async () => {
      expect(await names(`${MARCH}&sort=scheduledAt&limit=2&offset=2`)).to.deep.equal({ names: ['P1', 'P4'], total: 4 });
      expect(await names(`${MARCH}&sort=scheduledAt&limit=1&offset=3`)).to.deep.equal({ names: ['P4'], total: 4 });
      expect(await names(`${MARCH}&sort=scheduledAt&offset=4`)).to.deep.equal({ names: [], total: 4 });
      expect(await names(`${MARCH}&limit=1&offset=1`)).to.deep.equal({ names: ['P4'], total: 4 });
    });

    it('takes an empty value as no value', async () => {
      expect(await names('from=&to=&platform=&connectionId=&sort=&status=')).to.deep.equal(await names(''));
      expect((await list('')).total).to.equal(6);
    });

    const badQueries: [string, string][] = [
      ['from=tomorrow', 'from'],
      ['from=2099-02-30T00:00:00Z', 'from'],
      ['from=2099-03-01T00:00:00', 'from'],
      ['from=2099-03-01', 'from'],
      ['from=2099-03-01T00:00:00 02:00', 'from'],
      ['from=1969-12-31T23:59:59Z', 'from'],
      ['to=10000-01-01T00:00:00Z', 'to'],
      ['from=2099-03-02T00:00:00Z&to=2099-03-01T23:59:59.999Z', 'to'],
      ['from=2099-03-01T00:00:00Z&from=2099-03-02T00:00:00Z', 'from'],
      ['platform=myspace', 'platform'],
      ['platform=twitter%20x', 'platform'],
      ['platform=TWITTER&platform=BLUESKY', 'platform'],
      ['connectionId=a&connectionId=b', 'connectionId'],
      ['sort=scheduled_at', 'sort'],
      ['sort=SCHEDULEDAT', 'sort'],
      ['sort=createdAt&sort=scheduledAt', 'sort'],
    ];
    for (const [query, path] of badQueries) {
      it(`refuses ?${query} with 422 invalid_query naming ${path}`, async () => {
        expectValidation(await w.api.get(`${posts}?${query}`).set(bearer(key)), 'invalid_query', [path]);
      });
    }

    it('names every bad parameter at once, and says what each accepts', async () => {
      const res = await w.api.get(`${posts}?from=soon&platform=myspace&sort=time&status=DRAFT`).set(bearer(key));
      expectValidation(res, 'invalid_query', ['from', 'platform', 'sort', 'status']);
      const said = Object.fromEntries((res.body.error.details as { path: string; message: string }[]).map((d) => [d.path, d.message]));
      expect(said.platform).to.equal(`must be one of ${ACCEPTED_PLATFORM_NAMES}`);
      expect(said.platform).to.include('TWITTER (or X)').and.to.include('in any case');
      expect(said.sort).to.equal('must be one of createdAt, scheduledAt');
      expect(said.from).to.match(/^must be an RFC 3339 date-time with an offset/);
      const backwards = await w.api.get(`${posts}?from=2099-03-02T00:00:00Z&to=2099-03-01T00:00:00Z`).set(bearer(key));
      expect(backwards.body.error.message).to.equal('to: must not be before from');
    });
  });
}
