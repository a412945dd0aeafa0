import { expect } from 'chai';
import { TOKENS as T } from '../../../../config/tokens';
import { ThreadsFake } from '../../../support/fakes/threadsFake';
import { FixedClock } from '../../../support/fixedClock';
import { DEFAULT_GROUP_ID, group, media, segment, targetOn } from '../../../support/data/posts';
import { type ApiClient } from '../../../support/openapi';
import {
  type AppWithOwner,
  attemptOutcomesOf,
  authorizeOverApi,
  backToCallback,
  firstTargetOf,
  listedConnections,
  startAppWithOwner,
} from '../../../support/platformOverApi';
import { type TestApp } from '../../../support/testApp';

const BASE_URL = 'https://dispatch.example';

/**
 * Threads through the API and the engine: connected through its callback, a picture posted,
 * the container still processing on the first call, the engine coming back after the delay
 * Threads asked for (an injected clock) and publishing it once.
 */
describe('Threads over the API: connect, then a picture whose container the engine waits for', function () {
  this.timeout(30_000);
  const clock = new FixedClock();
  let fake: ThreadsFake;
  let t: TestApp;
  let http: ApiClient;
  let ws: string;
  let auth: { Authorization: string };
  let o: AppWithOwner;

  before(async () => {
    fake = await ThreadsFake.start();
    fake.state.imageStartsAs = 'IN_PROGRESS';
    const env = {
      BASE_URL,
      THREADS_CLIENT_ID: fake.state.clientId,
      THREADS_CLIENT_SECRET: fake.state.clientSecret,
      THREADS_API_BASE_URL: fake.baseUrl,
      THREADS_AUTH_BASE_URL: 'https://threads.example',
    };
    o = await startAppWithOwner(env, { clock });
    ({ t, http, ws, auth } = o);
  });
  after(async () => {
    await t?.close();
    await fake?.stop();
    fake?.expectNoViolations();
  });

  it('publishes once, after the container finished, and keeps every check in the attempt log', async () => {
    const { code, state } = fake.consent((await authorizeOverApi(o, 'THREADS')).toString());
    const page = await backToCallback(t, 'threads', code, state);
    expect(page.status, page.text).to.equal(200);
    const [connection] = await listedConnections<{ id: string }>(o);
    expect(connection).to.include({ platform: 'THREADS', accountId: fake.state.user.id, status: 'active' });

    const photo = await t.given.media(ws, 'photo');
    const created = await http
      .post(`/v1/workspaces/${ws}/posts`)
      .set(auth)
      .send({
        groups: [group(DEFAULT_GROUP_ID, true, [segment('A picture for Threads', [media(photo)])])],
        targets: [{ ...targetOn(connection.id, 'THREADS'), groupId: DEFAULT_GROUP_ID }],
        intent: 'publish_now',
      })
      .expect(200);
    const engine = t.composition.get(T.PublishDueTargets);
    const targetOf = () => firstTargetOf(o, created.body.id);

    await engine.run('worker-1');
    expect(await targetOf()).to.include({ status: 'pending', platformPostId: null });
    const [container] = [...fake.state.containers.keys()];
    expect((await engine.run('worker-1')).claimed, 'not before the delay Threads asked for').to.equal(0);

    fake.settle(container!, 'FINISHED');
    clock.advanceSeconds(61);
    await engine.run('worker-1');
    const target = await targetOf();
    expect(target, target.error ?? '').to.include({ status: 'published' });
    expect(fake.requestsTo('POST', '/v1.0/me/threads_publish')).to.equal(1);
    expect(fake.state.containers.size, 'one container, resumed, never a second').to.equal(1);
    expect(await attemptOutcomesOf(o, created.body.id, target.id)).to.deep.equal(['processing', 'published']);
  });
});
