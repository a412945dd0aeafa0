import { expect } from 'chai';
import { DATABASE_KINDS } from '../../support/databases';
import { type Json } from '../../support/data/posts';
import { hoursFromNow, INSTAGRAM_VALUES, LINKEDIN_VALUES, type PlanningWorld, rowCounts, startPlanningWorld, X_VALUES } from './planningFixture';

const RANGE = `from=${encodeURIComponent(hoursFromNow(0))}&to=${encodeURIComponent(hoursFromNow(24 * 30))}`;

/** What a post is, ids and bookkeeping aside: what a round trip must keep. */
const essence = (post: Json & { groups: Json[]; targets: Json[] }) => ({
  status: post.status,
  segments: (post.groups.find((g) => g.isDefault) as { segments: Array<{ text: string; media: Array<{ id: string }> }> }).segments.map((s) => ({
    text: s.text,
    media: s.media.map((m) => m.id),
  })),
  targets: post.targets.map((t) => ({ connectionId: t.connectionId, settings: t.settings, scheduledAt: t.scheduledAt })),
});

for (const kind of DATABASE_KINDS) {
  describe(`posts.export then posts.import: the same posts (${kind})`, function () {
    this.timeout(120_000);
    let w: PlanningWorld;
    before(async function () {
      w = await startPlanningWorld(this, kind);
    });
    after(() => w?.t.close());

    const exported = async (): Promise<string> => {
      const res = await w.api.get(`${w.posts}/export?${RANGE}`).set(w.auth).expect(200);
      expect(res.headers['content-type']).to.equal('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).to.equal('attachment; filename="posts-2030-01-07-2030-02-06.csv"');
      return res.text;
    };
    const importing = (file: string, query = '') => w.api.post(`${w.posts}/import${query}`).set(w.auth).set('Content-Type', 'text/csv').send(file);
    const listed = async () =>
      (await w.api.get(`${w.posts}?limit=100`).set(w.auth).expect(200)).body.data
        .map(essence)
        .sort((a: Json, b: Json) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

    it('a file exported, its posts deleted, imported back: the same posts, and the same file exported again', async () => {
      const x = (values = X_VALUES) => ({ platform: 'TWITTER', values });
      const posts: Json[] = [
        {
          groups: [
            {
              id: 'g1',
              isDefault: true,
              segments: [
                { text: 'Thread, with "quotes", commas\nand lines', media: [{ id: w.photo }] },
                { text: '---\nnot a separator\n\\---', media: [] },
                { text: 'Ünïcødé 🎉', media: [{ id: w.photo }] },
              ],
            },
          ],
          targets: [
            { connectionId: w.conn.x, groupId: 'g1', settings: x(), scheduledAt: hoursFromNow(5) },
            { connectionId: w.conn.otherX, groupId: 'g1', settings: x({ replyRestriction: 'following' }), scheduledAt: hoursFromNow(5) },
            { connectionId: w.conn.instagram, groupId: 'g1', settings: { platform: 'INSTAGRAM', values: INSTAGRAM_VALUES }, scheduledAt: hoursFromNow(5) },
          ],
          intent: 'schedule',
        },
        {
          groups: [{ id: 'main', isDefault: true, segments: [{ text: 'Each its own time', media: [] }] }],
          targets: [
            { connectionId: w.conn.linkedIn, groupId: 'main', settings: { platform: 'LINKEDIN', values: LINKEDIN_VALUES }, scheduledAt: hoursFromNow(30) },
            {
              connectionId: w.conn.bluesky,
              groupId: 'main',
              settings: { platform: 'BLUESKY', values: { replyDisabled: true } },
              scheduledAt: hoursFromNow(48),
            },
          ],
          intent: 'schedule',
        },
        {
          groups: [{ id: 'd', isDefault: true, segments: [{ text: 'A draft with a time', media: [] }] }],
          targets: [{ connectionId: w.conn.x, groupId: 'd', settings: x(), scheduledAt: hoursFromNow(72) }],
          intent: 'draft',
        },
      ];
      for (const post of posts) await w.api.post(w.posts).set(w.auth).send(post).expect(200);
      const before = await listed();
      const file = await exported();
      expect(file.startsWith('\uFEFFtext,targets,scheduledAt,intent,media,settings\r\n')).to.equal(true);
      for (const post of (await w.api.get(`${w.posts}?limit=100`).set(w.auth).expect(200)).body.data) {
        await w.api.delete(`${w.posts}/${post.id}`).set(w.auth).expect(200);
      }
      const res = await importing(file).expect(200);
      expect(res.body.dryRun).to.equal(false);
      expect(res.body.results.map((r: Json) => [r.row, r.ok])).to.deep.equal([
        [2, true],
        [3, true],
        [4, true],
      ]);
      expect(await listed()).to.deep.equal(before);
      expect(await exported()).to.equal(file);
    });

    it('500 rows in one request: 500 posts, one result each, in the file order; a platform name two connections answer to names neither', async () => {
      const counts = await rowCounts(w);
      const rows = Array.from(
        { length: 500 },
        (_, i) =>
          `Post number ${i + 1},TWITTER;${w.conn.linkedIn},${hoursFromNow(100 + i)},schedule,,"{""TWITTER"":{""replyRestriction"":""everyone""},""LINKEDIN"":{""visibility"":""PUBLIC""}}"`,
      );
      const file = `text,targets,scheduledAt,intent,media,settings\n${rows.join('\n')}\n`;
      // Two active X connections: the platform name names neither.
      const ambiguous = await importing(file).expect(200);
      expect(ambiguous.body.results[0].error.problems[0]).to.include({ column: 'targets', path: 'targets' });
      expect(ambiguous.body.results[0].error.problems[0].message).to.match(/has 2 active TWITTER connections; name one by its id/);
      expect(await rowCounts(w)).to.deep.equal(counts);
      const byId = file.replaceAll(',TWITTER;', `,${w.conn.x};`);
      const res = await importing(byId).expect(200);
      expect(res.body.results).to.have.length(500);
      expect(res.body.results.every((r: Json, i: number) => r.ok === true && r.row === i + 2 && typeof r.postId === 'string')).to.equal(true);
      expect((await rowCounts(w)).posts - counts.posts).to.equal(500);
    });
  });
}
