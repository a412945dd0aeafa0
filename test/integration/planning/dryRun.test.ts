import { expect } from 'chai';
import { TOKENS as T } from '../../../config/tokens';
import { DATABASE_KINDS } from '../../support/databases';
import { hoursFromNow, INSTAGRAM_VALUES, type PlanningWorld, rowCounts, startPlanningWorld, X_VALUES } from './planningFixture';

/** Monday 2030-01-07 09:00 in Berlin: the first slot of the schedule after NOW. */
const FIRST_SLOT = '2030-01-07T08:00:00.000Z';

const body = (w: PlanningWorld, extra: Record<string, unknown> = {}, targets?: unknown[]) => ({
  groups: [
    {
      id: 'g',
      isDefault: true,
      segments: [
        { text: 'A thread', media: [] },
        { text: 'and its reply', media: [] },
      ],
    },
  ],
  targets: targets ?? [{ connectionId: w.conn.x, groupId: 'g', settings: { platform: 'TWITTER', values: X_VALUES }, scheduledAt: hoursFromNow(3) }],
  intent: 'schedule',
  ...extra,
});

for (const kind of DATABASE_KINDS) {
  describe(`posts.validate: a dry run of posts.create (${kind})`, function () {
    this.timeout(60_000);
    let w: PlanningWorld;
    before(async function () {
      w = await startPlanningWorld(this, kind);
      await w.weeklySchedule(w.conn.linkedIn);
    });
    after(() => w?.t.close());

    const validate = (payload: unknown, auth: Record<string, string> = w.auth) =>
      w.api
        .post(`${w.posts}/validate`)
        .set(auth)
        .send(payload as object);

    it('answers the post create would store, with the slot a queued target would take, and writes nothing: no post, slot, job, event or key', async () => {
      const queued = body(w, {}, [
        { connectionId: w.conn.x, groupId: 'g', settings: { platform: 'TWITTER', values: X_VALUES }, scheduledAt: hoursFromNow(3) },
        { connectionId: w.conn.linkedIn, groupId: 'g', settings: { platform: 'LINKEDIN', values: { visibility: 'PUBLIC' } }, scheduledAt: null, queue: true },
      ]);
      const before = await rowCounts(w);
      const res = await validate(queued).set('Idempotency-Key', 'dry-1').expect(200);
      expect(await rowCounts(w)).to.deep.equal(before);
      expect(res.headers).not.to.have.property('idempotent-replayed');
      expect(res.body).to.include({ valid: true });
      expect(res.body.problems).to.deep.equal([]);
      expect(res.body.post).to.include({ status: 'scheduled', workspaceId: w.ws });
      expect(res.body.post.targets.map((t: { scheduledAt: string }) => t.scheduledAt)).to.deep.equal([hoursFromNow(3), FIRST_SLOT]);
      expect(res.body.warnings).to.deep.equal([
        { path: 'targets[1].queue', message: `would take the slot at ${FIRST_SLOT}; only creating the post holds it, so another post may take it first` },
      ]);
      // The same key again runs it again: nothing was kept to replay.
      expect((await validate(queued).set('Idempotency-Key', 'dry-1').expect(200)).headers).not.to.have.property('idempotent-replayed');
      // The slot was never held: the post created next takes it, and its event is written (the subscriber listens).
      const created = await w.api.post(w.posts).set(w.auth).send(queued).expect(200);
      expect(created.body.targets[1].scheduledAt).to.equal(FIRST_SLOT);
      const after = await rowCounts(w);
      expect(after.posts - before.posts).to.equal(1);
      expect(after.webhook_events - before.webhook_events).to.equal(1);
      expect(after.queue_slots - before.queue_slots).to.equal(1);
    });

    it('flags a connection that needs reconnecting: valid now, its posts would fail', async () => {
      const connections = w.t.composition.get(T.ConnectionRepository);
      const bluesky = (await connections.findById(w.conn.bluesky))!;
      bluesky.needsReconnect('Bluesky refused the app password', w.clock.now());
      await connections.save(bluesky);
      const target = { connectionId: w.conn.bluesky, groupId: 'g', settings: { platform: 'BLUESKY', values: {} }, scheduledAt: hoursFromNow(5) };
      const before = await rowCounts(w);
      const res = await validate(body(w, {}, [target])).expect(200);
      expect(await rowCounts(w)).to.deep.equal(before);
      expect(res.body.valid).to.equal(true);
      expect(res.body.warnings).to.deep.equal([
        {
          path: 'targets[0].connectionId',
          message: 'the connection needs reconnecting (Bluesky refused the app password): publishing to it fails until it is connected again',
        },
      ]);
    });

    it("names every problem create's 422 names, with the same details, and still the warnings it can tell", async () => {
      const refused = body(w, {}, [
        { connectionId: w.conn.x, groupId: 'g', settings: { platform: 'TWITTER', values: X_VALUES }, scheduledAt: hoursFromNow(-1) },
        { connectionId: w.conn.instagram, groupId: 'g', settings: { platform: 'INSTAGRAM', values: INSTAGRAM_VALUES }, scheduledAt: hoursFromNow(2) },
        { connectionId: w.conn.bluesky, groupId: 'g', settings: { platform: 'BLUESKY', values: {} }, scheduledAt: hoursFromNow(2) },
      ]);
      (refused.groups[0]!.segments[0] as { text: string }).text = 'x'.repeat(281);
      const before = await rowCounts(w);
      const res = await validate(refused).expect(200);
      const create = await w.api.post(w.posts).set(w.auth).send(refused).expect(422);
      expect(await rowCounts(w)).to.deep.equal(before);
      expect(res.body).to.include({ valid: false, post: null });
      expect(res.body.problems).to.deep.equal(create.body.error.details);
      expect(res.body.problems.map((p: { path: string }) => p.path)).to.include.members(['groups[0].segments[0].text', 'targets[0].scheduledAt']);
      expect(res.body.warnings.map((p: { path: string }) => p.path)).to.deep.equal(['targets[2].connectionId']);
    });

    it('a body of the wrong shape: valid false with the details create gives (invalid_body)', async () => {
      const res = await validate({ groups: 'none', targets: [], extra: 1 }).expect(200);
      const create = await w.api.post(w.posts).set(w.auth).send({ groups: 'none', targets: [], extra: 1 }).expect(422);
      expect(res.body).to.deep.equal({ valid: false, problems: create.body.error.details, warnings: [], post: null });
    });

    it("warns that Instagram's 50 posts a day are spent in the 24 hours before the target's time", async () => {
      const instagram = (at: string) => ({
        groups: [{ id: 'g', isDefault: true, segments: [{ text: 'A photo', media: [{ id: w.photo }] }] }],
        targets: [{ connectionId: w.conn.instagram, groupId: 'g', settings: { platform: 'INSTAGRAM', values: INSTAGRAM_VALUES }, scheduledAt: at }],
        intent: 'schedule',
      });
      // The log of 49 posts made two hours ago (the attempts belong to one post, as the log's key needs a post).
      const earlier = (
        await w.api
          .post(w.posts)
          .set(w.auth)
          .send({ ...instagram(hoursFromNow(1)), intent: 'draft' })
          .expect(200)
      ).body;
      const log = w.t.composition.get(T.AttemptLog);
      for (let i = 0; i < 49; i += 1) {
        await log.record({
          id: `attempt-${i}`,
          workspaceId: w.ws,
          postId: earlier.id,
          targetId: earlier.targets[0].id,
          connectionId: w.conn.instagram,
          attempt: 1,
          segmentIndex: 0,
          startedAt: new Date(Date.parse(hoursFromNow(-2))),
          finishedAt: new Date(Date.parse(hoursFromNow(-2))),
          outcome: 'published',
          error: null,
          statusCode: null,
          platformPostId: `ig-${i}`,
          readBack: false,
        });
      }
      // 49 published: the fiftieth has room; once it is scheduled, the next one in its window has none.
      expect((await validate(instagram(hoursFromNow(4))).expect(200)).body.warnings).to.deep.equal([]);
      await w.api
        .post(w.posts)
        .set(w.auth)
        .send(instagram(hoursFromNow(3)))
        .expect(200);
      const res = await validate(instagram(hoursFromNow(4))).expect(200);
      expect(res.body.valid).to.equal(true);
      expect(res.body.warnings).to.have.length(1);
      expect(res.body.warnings[0].path).to.equal('targets[0].scheduledAt');
      expect(res.body.warnings[0].message).to.match(/^INSTAGRAM takes at most 50 posts from one account in 24 hours, and this connection already has 50/);
      // A day later the window has room again.
      expect((await validate(instagram(hoursFromNow(30))).expect(200)).body.warnings).to.deep.equal([]);
    });

    it("needs what create needs: a viewer is refused (403); a contributor's post would go to review", async () => {
      await validate(body(w), { Authorization: `Bearer ${await w.keyOf('viewer')}` }).expect(403);
      const res = await validate(body(w), { Authorization: `Bearer ${await w.keyOf('contributor')}` }).expect(200);
      expect(res.body.post.status).to.equal('pending_review');
    });
  });
}
