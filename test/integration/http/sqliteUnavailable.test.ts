import { expect } from 'chai';
import { type Response } from 'supertest';
import { createDataSource, initializeDataSource } from '../../../adapters/outbound/persistence/typeorm/createDataSource';
import { TOKENS } from '../../../config/tokens';
import { OWNER_EMAIL } from '../../support/data/people';
import { draftBody } from '../../support/data/posts';
import { FixedClock } from '../../support/fixedClock';
import { api, type ApiClient } from '../../support/openapi';
import { RecordingLogger } from '../../support/recordingLogger';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../../support/testApp';

function expectUnavailable(res: Response): void {
  expect(res.status, JSON.stringify(res.body)).to.equal(503);
  expect(res.body.error).to.include({ type: 'HealthUnavailable', code: 'database_unavailable' });
  expect(res.headers['retry-after']).to.match(/^\d+$/);
}

describe('the JSON API on SQLite that cannot serve it: locked by another process past the busy timeout, or closed', () => {
  let t: TestApp;
  let client: ApiClient;
  let file: string;
  let auth: { Authorization: string };
  let posts: string;
  let twitter: string;
  const logs = new RecordingLogger();
  const clock = new FixedClock(new Date());

  before(async () => {
    const env = await freshDatabaseEnv('sqlite');
    file = env.DATABASE_URL!.slice('sqlite:'.length);
    // better-sqlite3 waits for a lock synchronously: a short busy timeout keeps the test quick.
    t = await startTestApp(
      env,
      { DATABASE_ACQUIRE_TIMEOUT_MS: '200' },
      {
        replace: (w) => {
          w.replace(TOKENS.Logger, logs);
          w.replace(TOKENS.Clock, clock);
        },
      },
    );
    await t.given.user(OWNER_EMAIL);
    const ws = await t.given.workspace(OWNER_EMAIL, 'Main');
    twitter = await t.given.connection(ws, 'TWITTER', '@twitter');
    auth = { Authorization: `Bearer ${(await t.given.apiKey(ws, OWNER_EMAIL, 'owner')).key}` };
    posts = `/v1/workspaces/${ws}/posts`;
    client = api(t.app);
  });
  after(async () => t?.close());

  const draft = () => draftBody({ conn: { TWITTER: twitter } as never });

  it('answers a write 503 database_unavailable (not 500) while the lock is held, and 200 once it is let go', async () => {
    await client.get('/v1/me').set(auth).expect(200);
    await client.post(posts).set(auth).send(draft()).expect(200);

    // Another connection (as another process would) takes the write lock (in WAL mode readers go on reading the last commit).
    const holder = await createDataSource({ kind: 'sqlite', file }).initialize();
    await holder.query('BEGIN EXCLUSIVE');
    try {
      expectUnavailable(await client.post(posts).set(auth).send(draft()));
      expectUnavailable(await client.post(posts).set(auth).send(draft()));
      expectUnavailable(await client.post(posts).set(auth).set('Idempotency-Key', 'locked-1').send(draft()));
    } finally {
      await holder.query('ROLLBACK');
      await holder.destroy();
    }

    await client.post(posts).set(auth).send(draft()).expect(200);
    expect(logs.count('database available again'), 'answering, but not yet for a second').to.equal(0);
    // Back once it has answered a second without a failure (AvailabilityLog), on the service's clock.
    clock.advance(1100);
    expect((await client.get(posts).set(auth).expect(200)).body.total).to.equal(2);
    expect(logs.count('database unavailable')).to.equal(1);
    expect(logs.count('database available again')).to.equal(1);
    expect(logs.withStacks()).to.deep.equal([]);
  });

  it('answers 503 database_unavailable (not 500) while its database is closed, and 200 once it is open again', async () => {
    await t.dataSource.destroy();
    try {
      expectUnavailable(await client.get('/v1/me').set(auth));
      expectUnavailable(await client.post(posts).set(auth).send(draft()));
    } finally {
      await initializeDataSource(t.dataSource);
    }
    await client.get('/v1/me').set(auth).expect(200);
  });
});
