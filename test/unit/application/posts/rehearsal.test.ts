import { expect } from 'chai';
import { type PostActor, type PostRequest } from '../../../../application/posts/PostRequest';
import { compose, type Composition } from '../../../../config/container';
import { loadConfig } from '../../../../config/env';
import { TOKENS as T } from '../../../../config/tokens';
import { OWNER_EMAIL, PASSWORD } from '../../../support/data/people';
import { FixedClock } from '../../../support/fixedClock';

/** Monday 2030-01-07 07:00 in Berlin; the schedule's first slot is 09:00 that day. */
const NOW = '2030-01-07T06:00:00.000Z';
const SLOTS = ['2030-01-07T08:00:00.000Z', '2030-01-09T08:00:00.000Z', '2030-01-11T08:00:00.000Z'];

/**
 * The in-memory adapters cannot roll back: a rehearsal there must leave nothing behind by
 * itself. Posts are never stored by a rehearsal; the slots its posts took are let go.
 */
describe('dry runs on the in-memory adapters (no rollback): nothing is left behind', () => {
  let c: Composition;
  let actor: PostActor;
  let connectionId: string;

  before(async () => {
    c = await compose(loadConfig({ LOG_LEVEL: 'silent', SECRET_KEY: 'rehearsal-secret-rehearsal-secret-0123456' }), {
      persistence: 'memory',
      replace: (w) => w.replace(T.Clock, new FixedClock(NOW)),
    });
    const user = await c.get(T.CreateUser).execute({ email: OWNER_EMAIL, password: PASSWORD });
    const workspaceId = (await c.get(T.CreateWorkspace).execute({ name: 'Studio', ownerEmail: OWNER_EMAIL })).workspace.id;
    connectionId = (await c.get(T.AddConnection).execute({ workspaceId, platform: 'TWITTER', handle: '@studio' })).id;
    await c
      .get(T.PostingSchedules)
      .replace(workspaceId, connectionId, { timeZone: 'Europe/Berlin', slots: ['mon', 'wed', 'fri'].map((day) => ({ day, time: '09:00' })) });
    actor = { userId: user.id, workspaceId, reviewRequired: false, defaultSource: 'api' };
  });

  const queued = (text: string): PostRequest => ({
    groups: [{ id: 'g', isDefault: true, segments: [{ text, media: [], delayMinutes: null }] }],
    targets: [{ connectionId, groupId: 'g', settings: { platform: 'TWITTER', values: { replyRestriction: 'everyone' } }, scheduledAt: null, queue: true }],
    intent: 'schedule',
  });
  const stored = async () => (await c.get(T.ReadPosts).list(actor.workspaceId, { limit: 100, offset: 0 })).total;
  const held = async () => (await c.get(T.QueueSlots).heldBetween(connectionId, new Date(NOW), new Date('2030-02-01T00:00:00Z'))).length;

  it('posts.validate: the post and the slot it would take, nothing stored, the slot free again', async () => {
    const run = await c.get(T.ValidatePost).execute(actor, queued('one'));
    expect(run.valid).to.equal(true);
    expect(run.post?.targets[0]?.scheduledAt?.toISOString()).to.equal(SLOTS[0]);
    expect([await stored(), await held()]).to.deep.equal([0, 0]);
  });

  it('an import dry run: each row takes the slot after the one before, and every slot is free again at the end', async () => {
    const rows = ['one', 'two', 'three'].map((text, i) => ({ row: i + 2, request: queued(text) }));
    const results = await c.get(T.ImportPosts).execute(actor, rows, { dryRun: true });
    expect(results.map((r) => ('post' in r ? r.post.targets[0]?.scheduledAt?.toISOString() : r.error.message))).to.deep.equal(SLOTS);
    expect([await stored(), await held()]).to.deep.equal([0, 0]);
  });

  it('a dry run that fails halfway leaves nothing behind either', async () => {
    const failing = async () =>
      c.get(T.PostRehearsal).run(async (judge) => {
        await judge(actor, queued('taken'));
        throw new Error('the work failed');
      });
    await failing().then(
      () => expect.fail('the rehearsal should fail'),
      (error: Error) => expect(error.message).to.equal('the work failed'),
    );
    expect([await stored(), await held()]).to.deep.equal([0, 0]);
  });
});
