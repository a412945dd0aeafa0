import { expect } from 'chai';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { callLogLines } from '../../support/callLogPublisher';
import { OWNER_EMAIL } from '../../support/data/people';
import { group, segment, targetOn } from '../../support/data/posts';
import { type ServiceProcess, startServiceProcess } from '../../support/serviceProcess';
import { REDIS_URL, requireServer } from '../../support/services';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../../support/testApp';
import { eventually, startWorkerProcess, type WorkerProcess } from '../../support/workerProcess';
import { freshCallLog } from '../worker/workerFixture';

const POSTS = 30;
const CONNECTIONS = 10;
const RATE_LIMIT = 40;

/**
 * Scaled out as docs/operating.md says: two API processes (the real entry, `WORKER=off`) and
 * two worker processes (the real worker entry, its publisher logging each call to a file) on
 * one MariaDB database and one Redis. Posts made through either API process are published
 * once each by one of the workers, and a key's rate limit is one budget across the API
 * processes (issue 25, item 5; the bench's scaleout suite measures the same at full size).
 */
describe('API and worker processes scaled out on MariaDB and Redis', function () {
  this.timeout(120_000);
  let t: TestApp;
  let callLog: string;
  let writerKey: string;
  let probeKey: string;
  let workspaceId: string;
  const connectionIds: string[] = [];
  const api: ServiceProcess[] = [];
  const workers: WorkerProcess[] = [];
  const dataDirs: string[] = [];

  before(async function () {
    await requireServer(this, 'MySQL');
    await requireServer(this, 'Redis');
    const databaseEnv = await freshDatabaseEnv('mysql');
    t = await startTestApp(databaseEnv);
    await t.given.user(OWNER_EMAIL);
    workspaceId = await t.given.workspace(OWNER_EMAIL);
    writerKey = (await t.given.apiKey(workspaceId, OWNER_EMAIL, 'owner')).key;
    probeKey = (await t.given.apiKey(workspaceId, OWNER_EMAIL, 'owner')).key;
    for (let i = 0; i < CONNECTIONS; i++) connectionIds.push(await t.given.connection(workspaceId, 'twitter', `@scaled${i}`));
    callLog = freshCallLog();
    const shared = {
      ...databaseEnv,
      SECRET_KEY: t.config.secrets.secretKey!,
      BOOTSTRAP: 'false',
      RATE_LIMIT_STORE: 'redis',
      REDIS_URL,
      RATE_LIMIT_REDIS_PREFIX: `dispatch-test-scaleout:${process.pid}:${Date.now()}:`,
      RATE_LIMIT_MAX: String(RATE_LIMIT),
      // The person's budget out of the way: the keys' own are what is shared here.
      RATE_LIMIT_PER_USER_MAX: '1000',
      RATE_LIMIT_WINDOW_SECONDS: '600',
    };
    const apiEnv = () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dispatch-scaleout-'));
      dataDirs.push(dataDir);
      return { ...shared, DATA_DIR: dataDir, WORKER: 'off' };
    };
    const workerEnv = { ...shared, WORKER_TEST_CALL_LOG: callLog, WORKER_POLL_MS: '50' };
    const started = await Promise.allSettled([
      startServiceProcess(apiEnv()),
      startServiceProcess(apiEnv()),
      startWorkerProcess(workerEnv),
      startWorkerProcess(workerEnv),
    ]);
    for (const s of started.slice(0, 2)) if (s.status === 'fulfilled') api.push(s.value as ServiceProcess);
    for (const s of started.slice(2)) if (s.status === 'fulfilled') workers.push(s.value as WorkerProcess);
    const failed = started.find((s) => s.status === 'rejected');
    if (failed !== undefined) throw (failed as PromiseRejectedResult).reason;
  });

  after(async () => {
    for (const worker of workers.splice(0)) {
      worker.kill('SIGKILL');
      await worker.exited;
    }
    await Promise.all(api.splice(0).map((service) => service.stop()));
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
    await t?.close();
  });

  const call = (service: ServiceProcess, key: string, urlPath: string, body?: unknown) =>
    fetch(`${service.baseUrl}${urlPath}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('publishes every target of posts made through either API process exactly once', async () => {
    const targetIds: string[] = [];
    for (let i = 0; i < POSTS; i++) {
      const answer = await call(api[i % api.length]!, writerKey, `/v1/workspaces/${workspaceId}/posts`, {
        groups: [group(undefined, true, [segment(`Scaled out ${i}`)])],
        targets: connectionIds.map((connectionId) => targetOn(connectionId, 'TWITTER')),
        intent: 'publish_now',
      });
      const post = (await answer.json()) as { targets: Array<{ id: string }> };
      expect(answer.status, JSON.stringify(post)).to.equal(200);
      targetIds.push(...post.targets.map((target) => target.id));
    }
    expect(targetIds).to.have.length(POSTS * CONNECTIONS);

    const statuses = async () => (await t.dataSource.query('SELECT status FROM post_targets')) as Array<{ status: string }>;
    await eventually(async () => (await statuses()).every((row) => row.status === 'published'), 60_000, 'every target published');
    expect(await statuses()).to.have.length(POSTS * CONNECTIONS);
    const calls = callLogLines(callLog, 'call');
    expect(calls).to.have.length(POSTS * CONNECTIONS);
    expect(new Set(calls.map((c) => c.targetId))).to.deep.equal(new Set(targetIds));
    // Only the worker processes published: the API processes run with WORKER=off.
    for (const pid of new Set(calls.map((c) => c.pid))) expect(workers.map((w) => w.pid)).to.include(pid);
  });

  it("counts a key's requests once across the API processes: the one over the limit is refused by the other process", async () => {
    const remaining: string[] = [];
    for (let i = 0; i < RATE_LIMIT; i++) {
      const answer = await call(api[i % api.length]!, probeKey, '/v1/me');
      expect(answer.status).to.equal(200);
      remaining.push(answer.headers.get('ratelimit-remaining')!);
    }
    expect(remaining).to.deep.equal(Array.from({ length: RATE_LIMIT }, (_, i) => String(RATE_LIMIT - 1 - i)));
    // The last allowed one went to the second process (RATE_LIMIT is even): the first refuses the next.
    const refused = await call(api[RATE_LIMIT % api.length]!, probeKey, '/v1/me');
    expect(refused.status).to.equal(429);
    expect(((await refused.json()) as { error: { code: string } }).error.code).to.equal('rate_limited');
    expect((await call(api[(RATE_LIMIT + 1) % api.length]!, probeKey, '/v1/me')).status).to.equal(429);
    // The writer's 30 posts, half through each process, were counted against one budget too.
    const writer = await call(api[0]!, writerKey, '/v1/me');
    expect(writer.headers.get('ratelimit-remaining')).to.equal(String(RATE_LIMIT - POSTS - 1));
  });
});
