import { expect } from 'chai';
import { DATABASE_KINDS } from '../../support/databases';
import { OWNER_EMAIL } from '../../support/data/people';
import { type SchedulesWorld, startSchedulesWorld } from './schedulesFixture';

const WEEKDAYS = [
  { day: 'mon', time: '09:00' },
  { day: 'wed', time: '09:00' },
];

for (const kind of DATABASE_KINDS) {
  describe(`posting schedules over HTTP (${kind})`, function () {
    let w: SchedulesWorld;
    before(async function () {
      w = await startSchedulesWorld(this, kind);
    });
    after(() => w?.t.close());

    it('answers the empty schedule by default, then the one PUT stores, ordered, the zone as it names itself', async () => {
      const empty = await w.api.get(w.schedulePath(w.conn)).set(w.auth).expect(200);
      expect(empty.body).to.deep.equal({ connectionId: w.conn, timeZone: 'UTC', slots: [], updatedAt: null });
      await w.api
        .put(w.schedulePath(w.conn))
        .set(w.auth)
        .send({ timeZone: 'europe/berlin', slots: [WEEKDAYS[1], WEEKDAYS[0]] })
        .expect(200);
      const stored = await w.api.get(w.schedulePath(w.conn)).set(w.auth).expect(200);
      expect(stored.body).to.deep.equal({ connectionId: w.conn, timeZone: 'Europe/Berlin', slots: WEEKDAYS, updatedAt: w.clock.now().toISOString() });
    });

    it('refuses a bad schedule with a 422 naming every bad field, and keeps the stored one', async () => {
      const res = await w.api
        .put(w.schedulePath(w.conn))
        .set(w.auth)
        .send({ timeZone: 'Nowhere/Town', slots: [{ day: 'mon', time: '9am' }, WEEKDAYS[0], WEEKDAYS[0]] });
      expect(res.status).to.equal(422);
      expect(res.body.error.code).to.equal('invalid_schedule');
      expect(res.body.error.details.map((d: { path: string }) => d.path)).to.deep.equal(['timeZone', 'slots[0].time', 'slots[2]']);
      const extra = await w.api.put(w.schedulePath(w.conn)).set(w.auth).send({ timeZone: 'UTC', slots: [], every: 'week' });
      expect(extra.status).to.equal(422);
      expect(extra.body.error.code).to.equal('invalid_body');
      expect((await w.api.get(w.schedulePath(w.conn)).set(w.auth).expect(200)).body.slots).to.deep.equal(WEEKDAYS);
    });

    it('lists the slots of a range as instants with who holds them; at most 31 days, from before to', async () => {
      const slots = await w.api
        .get(w.slotsPath(w.conn, '2030-01-07T00:00:00Z', '2030-01-14T00:00:00+01:00'))
        .set(w.auth)
        .expect(200);
      expect(slots.body.data).to.deep.equal([
        { at: '2030-01-07T08:00:00.000Z', postId: null, targetId: null },
        { at: '2030-01-09T08:00:00.000Z', postId: null, targetId: null },
      ]);
      const tooLong = await w.api.get(w.slotsPath(w.conn, '2030-01-01T00:00:00Z', '2030-02-02T00:00:00Z')).set(w.auth);
      expect(tooLong.status).to.equal(422);
      expect(tooLong.body.error.details[0].path).to.equal('to');
      const backwards = await w.api.get(w.slotsPath(w.conn, '2030-01-09T00:00:00Z', '2030-01-08T00:00:00Z')).set(w.auth);
      expect(backwards.body.error.details[0]).to.deep.include({ path: 'to', message: 'must be after from' });
      const malformed = await w.api.get(w.slotsPath(w.conn, 'yesterday', '2030-01-08T00:00:00Z')).set(w.auth);
      expect(malformed.status).to.equal(422);
      expect(malformed.body.error.details[0].path).to.equal('from');
      const bothMalformed = await w.api.get(w.slotsPath(w.conn, 'yesterday', 'tomorrow')).set(w.auth);
      expect(bothMalformed.status).to.equal(422);
      expect(bothMalformed.body.error.details.map((d: { path: string }) => d.path)).to.deep.equal(['from', 'to']);
    });

    it('accounts:write changes it and accounts:read reads it; another workspace’s connection is a 404', async () => {
      const viewer = (await w.t.given.apiKey(w.ws, OWNER_EMAIL, 'viewer')).key;
      await w.api
        .get(w.schedulePath(w.conn))
        .set({ Authorization: `Bearer ${viewer}` })
        .expect(200);
      const refused = await w.api
        .put(w.schedulePath(w.conn))
        .set({ Authorization: `Bearer ${viewer}` })
        .send({ timeZone: 'UTC', slots: [] });
      expect(refused.status).to.equal(403);
      const otherWs = await w.t.given.workspace(OWNER_EMAIL, 'Other');
      const foreign = await w.t.given.connection(otherWs, 'TWITTER', '@elsewhere');
      const missing = await w.api.get(w.schedulePath(foreign)).set(w.auth);
      expect(missing.status).to.equal(404);
      expect(missing.body.error.code).to.equal('connection_not_found');
    });
  });
}
