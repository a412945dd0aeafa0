import { expect } from 'chai';
import fs from 'node:fs';
import { callLogLines, HOLD_MARKER } from '../../support/callLogPublisher';
import { requireServer } from '../../support/services';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../../support/testApp';
import { eventually, startWorkerProcess, type WorkerProcess } from '../../support/workerProcess';
import { DueTargets, freshCallLog } from './workerFixture';

/**
 * Worker processes (the real worker entry, with a publisher that logs its calls to a file)
 * against one MariaDB database: at most once, across processes and crashes
 * (docs/decisions.md, "The publishing engine").
 */
describe('worker processes on MariaDB', function () {
  this.timeout(180_000);
  let t: TestApp;
  let databaseEnv: Record<string, string>;
  let callLog: string;
  const workers: WorkerProcess[] = [];

  before(async function () {
    await requireServer(this, 'MySQL');
  });

  beforeEach(async () => {
    databaseEnv = await freshDatabaseEnv('mysql');
    t = await startTestApp(databaseEnv);
    callLog = freshCallLog();
  });

  afterEach(async () => {
    for (const worker of workers.splice(0)) {
      worker.kill('SIGKILL');
      await worker.exited;
    }
    await t.close();
  });

  const worker = async (env: Record<string, string> = {}): Promise<WorkerProcess> => {
    const started = await startWorkerProcess({
      ...databaseEnv,
      SECRET_KEY: t.config.secrets.secretKey!,
      BOOTSTRAP: 'false',
      WORKER_TEST_CALL_LOG: callLog,
      WORKER_POLL_MS: '50',
      ...env,
    });
    workers.push(started);
    return started;
  };

  it('three workers publish 1,000 due targets, each exactly once', async () => {
    const due = await DueTargets.in(t, 10);
    const three = await Promise.all([worker(), worker(), worker()]);
    // Made while the workers poll: claims race the posts' own transactions, as in service.
    const targetIds: string[] = [];
    for (let i = 0; i < 100; i++) targetIds.push(...(await due.post(`Post ${i}`)));

    await eventually(() => callLogLines(callLog, 'call').length >= 1000, 120_000, '1,000 calls');
    await eventually(async () => [...(await due.statuses()).values()].every((s) => s.status === 'published'), 30_000, 'every target published');

    const calls = callLogLines(callLog, 'call');
    expect(calls).to.have.length(1000);
    expect(new Set(calls.map((c) => c.targetId))).to.deep.equal(new Set(targetIds));
    // Each process took a share: the three really ran side by side.
    for (const w of three) expect(calls.some((c) => c.pid === w.pid)).to.equal(true);
  });

  it('a worker killed during a call: its target fails as "publish outcome unknown", called once', async () => {
    const due = await DueTargets.in(t, 1);
    const [held] = await due.post(`Wait for it ${HOLD_MARKER}`);
    const shortLease = { WORKER_LEASE_MS: '1500', WORKER_DRAIN_MS: '1000' };
    const doomed = await worker(shortLease);
    await eventually(() => callLogLines(callLog, 'held').length === 1, 20_000, 'the held call').catch((e) => {
      console.log(doomed.output(), fs.existsSync(callLog) && fs.readFileSync(callLog, 'utf8'));
      throw e;
    });
    doomed.kill('SIGKILL');
    expect(await doomed.exited).to.equal('SIGKILL');

    const survivor = await worker(shortLease);
    const [other] = await due.post('After the crash');
    await eventually(async () => (await due.statuses()).get(held!)?.status === 'failed', 20_000, 'the held target settled');

    const target = (await due.statuses()).get(held!)!;
    expect(target.error).to.match(/^publish outcome unknown/);
    expect(callLogLines(callLog, 'call').filter((c) => c.targetId === held)).to.deep.equal([{ targetId: held, pid: doomed.pid }]);
    await eventually(async () => (await due.statuses()).get(other!)?.status === 'published', 20_000, 'the survivor publishing on');
    expect(callLogLines(callLog, 'call').filter((c) => c.targetId === other)).to.deep.equal([{ targetId: other, pid: survivor.pid }]);
  });

  it('SIGTERM drains: the call in flight finishes and is recorded, nothing more is claimed, exit 0', async () => {
    const due = await DueTargets.in(t, 1);
    const [held] = await due.post(`Slow one ${HOLD_MARKER}`);
    const draining = await worker({ WORKER_DRAIN_MS: '20000' });
    await eventually(() => callLogLines(callLog, 'held').length === 1, 20_000, 'the held call');
    // Due while the worker is stopping: a worker that claimed again would call for them.
    const later = [...(await due.post('Due during the drain')), ...(await due.post('Also due'))];
    draining.kill('SIGTERM');
    // Stopped claiming once it says so (the signal handler stops the worker as it logs this).
    await eventually(() => /"message":"shutting down"/.test(draining.output()), 20_000, 'the worker shutting down');
    fs.writeFileSync(`${callLog}.release`, '');

    expect(await draining.exited).to.equal(0);
    const statuses = await due.statuses();
    expect(statuses.get(held!)?.status).to.equal('published');
    for (const id of later) expect(statuses.get(id)?.status).to.equal('pending');
    expect(callLogLines(callLog, 'call').map((c) => c.targetId)).to.deep.equal([held]);
    expect(draining.output()).to.match(/"message":"publishing worker stopped".*"result":"drained"/);
  });
});
