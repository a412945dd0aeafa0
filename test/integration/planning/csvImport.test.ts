import { expect } from 'chai';
import { DATABASE_KINDS } from '../../support/databases';
import { type Json } from '../../support/data/posts';
import { hoursFromNow, type PlanningWorld, rowCounts, startPlanningWorld } from './planningFixture';

const HEADER = 'text,targets,scheduledAt,intent,media,settings';

for (const kind of DATABASE_KINDS) {
  describe(`posts.import: rows created as posts.create would (${kind})`, function () {
    this.timeout(60_000);
    let w: PlanningWorld;
    before(async function () {
      w = await startPlanningWorld(this, kind);
      await w.weeklySchedule(w.conn.linkedIn);
    });
    after(() => w?.t.close());

    const importing = (file: string, query = '') =>
      w.api.post(`${w.posts}/import${query}`).set(w.auth).set('Content-Type', 'text/csv; charset=utf-8').send(file);
    const li = '"{""LINKEDIN"":{""visibility"":""PUBLIC""}}"';

    it('a refused row is reported in its own result, by column, and never stops the others', async () => {
      const counts = await rowCounts(w);
      const file = [
        HEADER,
        `First,LINKEDIN,${hoursFromNow(2)},schedule,,${li}`,
        `Second,LINKEDIN;MASTODON,${hoursFromNow(2)},schedule,,${li}`,
        `Third,LINKEDIN,${hoursFromNow(-2)},schedule,,${li}`,
        `Fourth,LINKEDIN,tomorrow,schedule,,${li}`,
        `Fifth,LINKEDIN,${hoursFromNow(2)},schedule,,{not json`,
        `Sixth,LINKEDIN,,draft,,`,
      ].join('\r\n');
      const res = await importing(file).expect(200);
      const [first, second, third, fourth, fifth, sixth] = res.body.results as Json[];
      expect(first).to.include({ row: 2, ok: true });
      expect(second).to.deep.include({ row: 3, ok: false });
      expect((second!.error as Json).code).to.equal('invalid_row');
      expect((second!.error as { problems: Json[] }).problems).to.deep.equal([
        { column: 'targets', path: 'targets', message: 'MASTODON is neither a connection of this workspace nor a platform name' },
      ]);
      expect((third!.error as Json).code).to.equal('invalid_post');
      expect((third!.error as { problems: Json[] }).problems[0]).to.include({ column: 'scheduledAt', path: 'targets[0].scheduledAt' });
      expect((fourth!.error as Json).code).to.equal('invalid_body');
      expect((fourth!.error as { problems: Json[] }).problems[0]).to.include({ column: 'scheduledAt', path: 'targets[0].scheduledAt' });
      expect((fifth!.error as { problems: Json[] }).problems[0]).to.include({ column: 'settings', path: 'settings' });
      // LinkedIn requires visibility: a target without settings gets the platform's refusal, in the settings column.
      expect((sixth!.error as { problems: Json[] }).problems[0]).to.include({ column: 'settings', path: 'targets[0].settings.values.visibility' });
      expect((await rowCounts(w)).posts - counts.posts).to.equal(1);
    });

    it('?dryRun=true checks every row and writes nothing (no post, slot, event or key); the same file imported then takes three slots', async () => {
      const file = [HEADER, ...['One', 'Two', 'Three'].map((text) => `${text},LINKEDIN,queue,schedule,,${li}`), `Too long,TWITTER,,,,`].join('\n');
      const before = await rowCounts(w);
      const dry = await importing(file, '?dryRun=true').set('Idempotency-Key', 'dry-import').expect(200);
      expect(await rowCounts(w)).to.deep.equal(before);
      expect(dry.body.dryRun).to.equal(true);
      expect(dry.body.results.slice(0, 3)).to.deep.equal([2, 3, 4].map((row) => ({ row, ok: true, postId: null })));
      expect(dry.body.results[3]).to.include({ row: 5, ok: false });
      const real = await importing(file).expect(200);
      const slots = [];
      for (const result of real.body.results.slice(0, 3))
        slots.push((await w.api.get(`${w.posts}/${result.postId}`).set(w.auth).expect(200)).body.targets[0].scheduledAt);
      expect(new Set(slots).size).to.equal(3);
    });

    it('honours Idempotency-Key: the same file replays the first answer, another file under the key is a 409', async () => {
      const file = `${HEADER}\nOnce only,LINKEDIN,${hoursFromNow(6)},schedule,,${li}\n`;
      const first = await importing(file).set('Idempotency-Key', 'import-1').expect(200);
      const counts = await rowCounts(w);
      const again = await importing(file).set('Idempotency-Key', 'import-1').expect(200);
      expect(again.headers['idempotent-replayed']).to.equal('true');
      expect(again.body).to.deep.equal(first.body);
      expect(await rowCounts(w)).to.deep.equal(counts);
      const other = await importing(file.replace('Once only', 'Another')).set('Idempotency-Key', 'import-1').expect(409);
      expect(other.body.error.code).to.equal('idempotency_key_reused');
    });

    it('needs posts:write (a viewer is refused); export needs posts:read (a viewer may)', async () => {
      const viewer = { Authorization: `Bearer ${await w.keyOf('viewer')}` };
      await w.api.post(`${w.posts}/import`).set(viewer).set('Content-Type', 'text/csv').send(`${HEADER}\nx,LINKEDIN,,,,\n`).expect(403);
      await w.api
        .get(`${w.posts}/export?from=${encodeURIComponent(hoursFromNow(0))}&to=${encodeURIComponent(hoursFromNow(24))}`)
        .set(viewer)
        .expect(200);
    });
  });
}
