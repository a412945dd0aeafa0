import { expect } from 'chai';
import { callLogLines, HOLD_MARKER } from '../../support/callLogPublisher';
import { OWNER_EMAIL } from '../../support/data/people';
import { api } from '../../support/openapi';
import { requireServer } from '../../support/services';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../../support/testApp';
import { WebhookReceiver } from '../../support/webhooks/webhookReceiver';
import { eventually, startWorkerProcess, type WorkerProcess } from '../../support/workerProcess';
import { DueTargets, freshCallLog } from './workerFixture';

/** A short lease, so the test waits a few seconds where production waits 30. */
const LEASE_MS = 1500;
/** "Within about the lease": the lease, a poll and a loaded machine's slack. */
const COMES_BACK_WITHIN_MS = LEASE_MS + 2000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Short leases renewed by a live worker's heartbeat (docs/decisions.md, "The publishing worker"),
 * with real worker processes on one MariaDB database: a live worker keeps its work however long a
 * call takes; a killed one's comes back to the others within about a lease.
 */
describe('worker processes on MariaDB: short leases, renewed while the worker lives', function () {
  this.timeout(120_000);
  let t: TestApp;
  let databaseEnv: Record<string, string>;
  let callLog: string;
  const workers: WorkerProcess[] = [];

  before(async function () {
    await requireServer(this, 'MySQL');
  });

  beforeEach(async () => {
    databaseEnv = await freshDatabaseEnv('mysql');
    t = await startTestApp(databaseEnv, { OUTBOUND_ALLOW_PRIVATE_ADDRESSES: 'true' });
    callLog = freshCallLog();
  });

  afterEach(async () => {
    for (const worker of workers.splice(0)) {
      worker.kill('SIGKILL');
      await worker.exited;
    }
    await t.close();
  });

  const worker = async (): Promise<WorkerProcess> => {
    const started = await startWorkerProcess({
      ...databaseEnv,
      SECRET_KEY: t.config.secrets.secretKey!,
      BOOTSTRAP: 'false',
      WORKER_TEST_CALL_LOG: callLog,
      WORKER_POLL_MS: '50',
      WEBHOOK_POLL_MS: '50',
      WORKER_LEASE_MS: String(LEASE_MS),
      WORKER_DRAIN_MS: '1000',
      WEBHOOK_TIMEOUT_MS: '30000',
      OUTBOUND_ALLOW_PRIVATE_ADDRESSES: 'true',
    });
    workers.push(started);
    return started;
  };

  it('a publish job: its live worker keeps it through a call three leases long; killed, the other settles it within about a lease', async () => {
    const due = await DueTargets.in(t, 1);
    const [held] = await due.post(`Slow ${HOLD_MARKER}`);
    const slow = await worker();
    await eventually(() => callLogLines(callLog, 'held').length === 1, 20_000, 'the held call');
    await worker();

    await sleep(3 * LEASE_MS);
    expect((await due.statuses()).get(held!)?.status, 'still its live worker’s, not settled by the other').to.equal('publishing');

    const killedAt = Date.now();
    slow.kill('SIGKILL');
    await slow.exited;
    await eventually(async () => (await due.statuses()).get(held!)?.status === 'failed', 20_000, 'the held target settled');
    expect(Date.now() - killedAt, 'settled within about a lease of the kill').to.be.below(COMES_BACK_WITHIN_MS);
    expect((await due.statuses()).get(held!)?.error).to.match(/^publish outcome unknown/);
    expect(
      callLogLines(callLog, 'call').filter((c) => c.targetId === held),
      'called once, never again',
    ).to.deep.equal([{ targetId: held, pid: slow.pid }]);
  });

  it('a webhook delivery: its live worker keeps it through an answer three leases long (sent once); killed mid-call, another sends it within about a lease', async () => {
    await t.given.user(OWNER_EMAIL);
    const ws = await t.given.workspace(OWNER_EMAIL);
    const auth = { Authorization: `Bearer ${(await t.given.apiKey(ws, OWNER_EMAIL, 'owner')).key}` };
    const http = api(t.app);
    const receiver = await WebhookReceiver.start();
    try {
      const created = await http
        .post(`/v1/workspaces/${ws}/webhooks`)
        .set(auth)
        .send({ url: receiver.url, eventTypes: ['post.published'] })
        .expect(201);
      const hook = `/v1/workspaces/${ws}/webhooks/${created.body.id}`;
      const testEvent = async (): Promise<string> => (await http.post(`${hook}/test`).set(auth).expect(202)).body.eventId;
      const sent = (eventId: string) => receiver.received.filter((r) => r.headers['webhook-id'] === eventId);
      const deliveryOf = async (eventId: string): Promise<Record<string, any> | undefined> =>
        (await http.get(`${hook}/deliveries?limit=100`).set(auth).expect(200)).body.data.find((d: Record<string, any>) => d.eventId === eventId);
      receiver.answer({ status: 200, delayMs: 3 * LEASE_MS + 500 }, { status: 200, delayMs: 25_000 });

      const first = await worker();
      const slowOne = await testEvent();
      await eventually(() => sent(slowOne).length === 1, 20_000, 'the slow delivery sent');
      const second = await worker();
      await eventually(async () => (await deliveryOf(slowOne))?.status === 'succeeded', 20_000, 'the slow delivery answered');
      expect(sent(slowOne), 'sent once: the other worker never took it').to.have.length(1);

      // One worker alone sends the next, whose endpoint hangs: it is killed during the call.
      second.kill('SIGTERM');
      expect(await second.exited).to.equal(0);
      const cutShort = await testEvent();
      await eventually(() => sent(cutShort).length === 1, 20_000, 'the next delivery sent');
      // Its successor is up before the kill (the live worker keeps the delivery meanwhile), so the
      // time measured is the lease's, not a process start's on a loaded machine.
      await worker();
      const killedAt = Date.now();
      first.kill('SIGKILL');
      await first.exited;
      await eventually(() => sent(cutShort).length === 2, 20_000, 'the delivery sent again by another worker');
      expect(sent(cutShort)[1]!.at, 'not sent again while its worker lived').to.be.at.least(killedAt);
      expect(sent(cutShort)[1]!.at - killedAt, 'sent again within about a lease of the kill').to.be.below(COMES_BACK_WITHIN_MS + 1000);
      await eventually(async () => (await deliveryOf(cutShort))?.status === 'succeeded', 20_000, 'the delivery succeeded');
    } finally {
      await receiver.stop();
    }
  });
});
