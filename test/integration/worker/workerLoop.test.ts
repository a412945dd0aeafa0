import { expect } from 'chai';
import { type PublishingWorker } from '../../../adapters/inbound/worker/PublishingWorker';
import { buildPublishingWorker } from '../../../config/publishingWorker';
import { TOKENS as T } from '../../../config/tokens';
import { OWNER_EMAIL } from '../../support/data/people';
import { DEFAULT_GROUP_ID, group, targetOn } from '../../support/data/posts';
import { api, type ApiClient } from '../../support/openapi';
import { ScriptedPublisher } from '../../support/scriptedPublisher';
import { ShiftedClock } from '../../support/shiftedClock';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../../support/testApp';
import { eventually } from '../../support/workerProcess';

/**
 * The publishing loop in the test's own process, on SQLite, on the real composition with a
 * scripted publisher for every platform (answering published): what a user sees through
 * the HTTP API once a worker runs (docs/decisions.md, "The publishing engine"). The service's
 * clock is the real time moved on when a test says: a schedule comes due without waiting for it.
 */
describe('the publishing loop, in process on SQLite', () => {
  let t: TestApp;
  let http: ApiClient;
  let publisher: ScriptedPublisher;
  let worker: PublishingWorker;
  let key: string;
  let posts: string;
  let connectionId: string;
  let clock: ShiftedClock;

  beforeEach(async () => {
    clock = new ShiftedClock();
    publisher = new ScriptedPublisher({ now: () => clock.now() });
    t = await startTestApp(
      await freshDatabaseEnv('sqlite'),
      {},
      {
        replace: (w) => {
          w.replace(T.PlatformPublishers, publisher);
          w.replace(T.Clock, clock);
        },
      },
    );
    http = api(t.app);
    await t.given.user(OWNER_EMAIL);
    const ws = await t.given.workspace(OWNER_EMAIL);
    connectionId = await t.given.connection(ws, 'TWITTER', '@loop');
    key = (await t.given.apiKey(ws, OWNER_EMAIL, 'owner')).key;
    posts = `/v1/workspaces/${ws}/posts`;
    worker = buildPublishingWorker(t.composition, 20);
    worker.start();
  });

  afterEach(async () => {
    expect(await worker.stop(5000)).to.equal('drained');
    await t.close();
  });

  const create = async (body: object): Promise<{ id: string; status: string }> => {
    const res = await http
      .post(posts)
      .set({ Authorization: `Bearer ${key}` })
      .send(body);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return res.body;
  };
  const read = async (id: string) =>
    (
      await http
        .get(`${posts}/${id}`)
        .set({ Authorization: `Bearer ${key}` })
        .expect(200)
    ).body;
  const body = (extra: object) => ({ groups: [group()], targets: [targetOn(connectionId, 'TWITTER')], ...extra });

  it('a publish_now post sent through the API ends published', async () => {
    const post = await create(body({ intent: 'publish_now' }));
    expect(post.status).to.equal('publishing');

    await eventually(async () => (await read(post.id)).status === 'published', 10_000, 'the post published');
    const [target] = (await read(post.id)).targets;
    expect(target).to.include({ status: 'published', platformPostId: 'pp_1', platformPostUrl: 'https://platform.test/p/pp_1', error: null });
    expect(publisher.calls).to.have.length(1);
  });

  it('a scheduled target is published no earlier than its scheduledAt', async () => {
    const scheduledAt = new Date(clock.now().getTime() + 3_600_000);
    const targets = [{ ...targetOn(connectionId, 'TWITTER'), groupId: DEFAULT_GROUP_ID, scheduledAt: scheduledAt.toISOString() }];
    const post = await create(body({ intent: 'schedule', targets }));
    expect(post.status).to.equal('scheduled');

    // A post due now, sent after it: once that one is out, the worker has looked since and left the scheduled one.
    const dueNow = await create(body({ intent: 'publish_now' }));
    await eventually(async () => (await read(dueNow.id)).status === 'published', 10_000, 'the post due now published');
    expect(publisher.calls).to.have.length(1);
    expect((await read(post.id)).targets[0].status).to.equal('pending');

    clock.advance(3_600_000);
    await eventually(async () => (await read(post.id)).status === 'published', 10_000, 'the scheduled post published');
    const [target] = (await read(post.id)).targets;
    // The scripted publisher stamps postedAt with the service's time of the call.
    expect(new Date(target.postedAt).getTime()).to.be.at.least(scheduledAt.getTime());
    expect(publisher.calls).to.have.length(2);
  });
});
