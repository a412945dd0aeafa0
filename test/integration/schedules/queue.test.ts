import { expect } from 'chai';
import { TOKENS as T } from '../../../config/tokens';
import { DATABASE_KINDS } from '../../support/databases';
import { SETTINGS } from '../../support/data/settings';
import { MONDAY_MORNING, type SchedulesWorld, startSchedulesWorld, timeOf } from './schedulesFixture';

/** Monday, Wednesday and Friday 09:00 in Berlin, from Monday 2030-01-07. */
const MWF = [
  { day: 'mon', time: '09:00' },
  { day: 'wed', time: '09:00' },
  { day: 'fri', time: '09:00' },
];
const SLOT = ['2030-01-07T08:00:00.000Z', '2030-01-09T08:00:00.000Z', '2030-01-11T08:00:00.000Z', '2030-01-14T08:00:00.000Z'];
const WEEK = ['2030-01-07T00:00:00Z', '2030-01-14T00:00:00Z'] as const;

for (const kind of DATABASE_KINDS) {
  describe(`queued posts take the next free slot (${kind})`, function () {
    let w: SchedulesWorld;
    beforeEach(async function () {
      w = await startSchedulesWorld(this, kind);
      await w.setSchedule(w.conn, MWF);
    });
    afterEach(() => w?.t.close());

    it('three posts queued one after another take the next three slots, and the slots show who holds them', async () => {
      const posts = [];
      for (const text of ['one', 'two', 'three']) {
        const res = await w.queue(w.conn, text);
        expect(res.status, JSON.stringify(res.body)).to.equal(200);
        expect(res.body.status).to.equal('scheduled');
        posts.push(res.body);
      }
      expect(posts.map((p) => p.targets[0].scheduledAt)).to.deep.equal(SLOT.slice(0, 3));
      expect(await w.held(w.conn, ...WEEK)).to.deep.equal({ [SLOT[0]!]: posts[0].id, [SLOT[1]!]: posts[1].id, [SLOT[2]!]: posts[2].id });
    });

    it('twenty posts asking at the same moment never share a slot', async () => {
      await w.setSchedule(
        w.conn,
        ['mon', 'tue', 'wed', 'thu', 'fri'].flatMap((day) => ['09:00', '12:00', '15:00', '18:00'].map((time) => ({ day, time }))),
      );
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => w.queue(w.conn, `at once ${i}`)));
      for (const res of answers) expect(res.status, JSON.stringify(res.body)).to.equal(200);
      const times = answers.map(timeOf);
      expect(new Set(times).size).to.equal(20);
      const schedule = (
        await w.api
          .get(w.slotsPath(w.conn, '2030-01-07T00:00:00Z', '2030-01-13T00:00:00Z'))
          .set(w.auth)
          .expect(200)
      ).body.data as Array<{ at: string }>;
      // The twenty earliest slots after Monday 07:00, every one held.
      expect([...times].sort()).to.deep.equal(
        schedule
          .map((s) => s.at)
          .filter((at) => at > MONDAY_MORNING)
          .slice(0, 20),
      );
    });

    it("the queue passes over an instant a post already takes with a time of its own (imported, or scheduled at a slot's time); a draft takes none", async () => {
      const at = (scheduledAt: string, intent: string, text: string) =>
        w.queue(w.conn, text, { intent, targets: [{ connectionId: w.conn, groupId: 'g', settings: SETTINGS.TWITTER, scheduledAt }] });
      const booked = (await at(SLOT[0]!, 'schedule', 'at the first slot, by hand').expect(200)).body;
      await at(SLOT[1]!, 'draft', 'a draft with a time').expect(200);
      const queued = await w.queue(w.conn, 'queued after it');
      expect(queued.status, queued.text).to.equal(200);
      expect(timeOf(queued), 'the first slot is taken; the draft takes none').to.equal(SLOT[1]);
      expect(await w.held(w.conn, ...WEEK)).to.deep.equal({ [SLOT[0]!]: booked.id, [SLOT[1]!]: queued.body.id, [SLOT[2]!]: null });
    });

    it('a connection without a schedule, a time given, or an intent other than schedule: a 422 naming the target, nothing held', async () => {
      const none = await w.queue(w.sandbox, 'nowhere to go');
      expect(none.status).to.equal(422);
      expect(none.body.error.details.map((d: { path: string }) => d.path)).to.deep.equal(['targets[0].queue']);
      expect(none.body.error.details[0].message).to.match(/no posting schedule/);
      const timed = await w.queue(w.conn, 'timed', {
        targets: [{ connectionId: w.conn, groupId: 'g', settings: SETTINGS.TWITTER, scheduledAt: '2030-01-08T10:00:00Z', queue: true }],
      });
      expect(timed.body.error.details[0].path).to.equal('targets[0].queue');
      const draft = await w.queue(w.conn, 'draft', { intent: 'draft' });
      expect(draft.status).to.equal(422);
      expect(await w.held(w.conn, ...WEEK)).to.deep.equal({ [SLOT[0]!]: null, [SLOT[1]!]: null, [SLOT[2]!]: null });
    });

    it('a refused post takes no slot: the next one gets it', async () => {
      const refused = await w.queue(w.conn, 'x'.repeat(281));
      expect(refused.status).to.equal(422);
      expect(timeOf(await w.queue(w.conn, 'fits'))).to.equal(SLOT[0]);
    });

    it('a post deleted, a target given a time of its own, or a post back to draft frees its slot for the next', async () => {
      const first = (await w.queue(w.conn, 'first')).body;
      const second = (await w.queue(w.conn, 'second')).body;
      const third = (await w.queue(w.conn, 'third')).body;
      await w.api.delete(`${w.posts}/${first.id}`).set(w.auth).expect(200);
      const target = second.targets[0];
      await w.api.patch(`${w.posts}/${second.id}/targets/${target.id}`).set(w.auth).send({ scheduledAt: '2030-01-08T15:00:00Z' }).expect(200);
      expect(await w.held(w.conn, ...WEEK)).to.deep.equal({ [SLOT[0]!]: null, [SLOT[1]!]: null, [SLOT[2]!]: third.id });
      expect(timeOf(await w.queue(w.conn, 'fourth'))).to.equal(SLOT[0]);
      const back = {
        groups: [{ id: 'g', isDefault: true, segments: [{ text: 'third', media: [] }] }],
        targets: third.targets.map((t: { connectionId: string; settings: unknown }) => ({
          connectionId: t.connectionId,
          groupId: 'g',
          settings: t.settings,
          scheduledAt: null,
        })),
        intent: 'draft',
      };
      await w.api.patch(`${w.posts}/${third.id}`).set(w.auth).send(back).expect(200);
      expect((await w.held(w.conn, ...WEEK))[SLOT[2]!]).to.equal(null);
    });

    it('editing a queued post keeps its slot; requeue after a schedule change moves it to the new schedule', async () => {
      const post = (await w.queue(w.conn, 'keep my slot')).body;
      await w.queue(w.conn, 'another');
      const edited = await w.api
        .patch(`${w.posts}/${post.id}`)
        .set(w.auth)
        .send({
          groups: [{ id: 'g', isDefault: true, segments: [{ text: 'keep my slot, edited', media: [] }] }],
          targets: [{ connectionId: w.conn, groupId: 'g', settings: SETTINGS.TWITTER, scheduledAt: null, queue: true }],
          intent: 'schedule',
        })
        .expect(200);
      expect(timeOf(edited)).to.equal(SLOT[0]);
      await w.setSchedule(w.conn, [{ day: 'tue', time: '18:30' }]);
      const requeued = await w.api.post(`${w.posts}/${post.id}/requeue`).set(w.auth).expect(200);
      expect(timeOf(requeued)).to.equal('2030-01-08T17:30:00.000Z');
      expect(await w.held(w.conn, ...WEEK)).to.deep.equal({ '2030-01-08T17:30:00.000Z': post.id });
    });

    it('requeue refuses a post that is not waiting for its time (a draft) with 409 post_not_scheduled, and changes nothing', async () => {
      const draft = await w.api
        .post(w.posts)
        .set(w.auth)
        .send({
          groups: [{ id: 'g', isDefault: true, segments: [{ text: 'only a draft', media: [] }] }],
          targets: [{ connectionId: w.conn, groupId: 'g', settings: SETTINGS.TWITTER, scheduledAt: null }],
          intent: 'draft',
        })
        .expect(200);
      const refused = await w.api.post(`${w.posts}/${draft.body.id}/requeue`).set(w.auth);
      expect(refused.status, refused.text).to.equal(409);
      expect(refused.body.error).to.include({ type: 'ConflictError', code: 'post_not_scheduled' });
      expect((await w.api.get(`${w.posts}/${draft.body.id}`).set(w.auth).expect(200)).body.status).to.equal('draft');
    });

    it('a published or failed target frees its slot', async () => {
      await w.setSchedule(w.sandbox, MWF);
      const sandboxPost = (await w.queue(w.sandbox, 'to the sandbox')).body;
      const doomed = (await w.queue(w.conn, 'X is not configured here, so this fails')).body;
      w.clock.set(SLOT[0]!);
      await w.t.composition.get(T.PublishDueTargets).run('test-worker');
      const published = (await w.api.get(`${w.posts}/${sandboxPost.id}`).set(w.auth).expect(200)).body;
      const failed = (await w.api.get(`${w.posts}/${doomed.id}`).set(w.auth).expect(200)).body;
      expect(published.status).to.equal('published');
      expect(failed.status).to.equal('failed');
      expect((await w.held(w.sandbox, ...WEEK))[SLOT[0]!]).to.equal(null);
      expect((await w.held(w.conn, ...WEEK))[SLOT[0]!]).to.equal(null);
    });
  });
}
