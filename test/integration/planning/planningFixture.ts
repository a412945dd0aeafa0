import { expect } from 'chai';
import { managerOf } from '../../../adapters/outbound/persistence/typeorm/transactionContext';
import { TOKENS as T } from '../../../config/tokens';
import { type DatabaseKind, serverFor } from '../../support/databases';
import { OWNER_EMAIL } from '../../support/data/people';
import { FixedClock } from '../../support/fixedClock';
import { api, type ApiClient } from '../../support/openapi';
import { requireServer } from '../../support/services';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../../support/testApp';

/** Monday 2030-01-07, 07:00 in Berlin: the clock stands still there. */
export const NOW = '2030-01-07T06:00:00.000Z';
export const hoursFromNow = (hours: number): string => new Date(Date.parse(NOW) + hours * 3_600_000).toISOString();

/**
 * A workspace with an owner's key, a clock that stands still, connections on four platforms
 * (two on X), ready media, and a webhook subscriber to every event: what is sent shows in
 * webhook_events.
 */
export interface PlanningWorld {
  readonly t: TestApp;
  readonly api: ApiClient;
  readonly clock: FixedClock;
  readonly ws: string;
  readonly auth: { readonly Authorization: string };
  /** `/v1/workspaces/${ws}/posts` */
  readonly posts: string;
  readonly conn: { readonly x: string; readonly otherX: string; readonly linkedIn: string; readonly instagram: string; readonly bluesky: string };
  readonly photo: string;
  /** PUTs a Monday/Wednesday/Friday 09:00 Berlin schedule on the connection. */
  weeklySchedule(connectionId: string): Promise<void>;
  /** A member of the workspace with that role: their key. */
  keyOf(role: 'viewer' | 'contributor'): Promise<string>;
}

export async function startPlanningWorld(ctx: Mocha.Context, kind: DatabaseKind): Promise<PlanningWorld> {
  const server = serverFor(kind);
  if (server) await requireServer(ctx, server);
  const clock = new FixedClock(NOW);
  const t = await startTestApp(
    await freshDatabaseEnv(kind),
    { RATE_LIMIT_MAX: '1000000', OUTBOUND_ALLOW_PRIVATE_ADDRESSES: 'true' },
    { replace: (w) => w.replace(T.Clock, clock) },
  );
  await t.given.user(OWNER_EMAIL);
  const ws = await t.given.workspace(OWNER_EMAIL, 'Planning');
  const auth = { Authorization: `Bearer ${(await t.given.apiKey(ws, OWNER_EMAIL, 'owner')).key}` };
  const client = api(t.app);
  const subscribed = await client
    .post(`/v1/workspaces/${ws}/webhooks`)
    .set(auth)
    .send({ url: 'http://127.0.0.1:9/hooks', eventTypes: ['post.scheduled', 'post.published', 'review.requested'], description: 'listens' });
  expect(subscribed.status, JSON.stringify(subscribed.body)).to.equal(201);
  let members = 0;
  return {
    t,
    api: client,
    clock,
    ws,
    auth,
    posts: `/v1/workspaces/${ws}/posts`,
    conn: {
      x: await t.given.connection(ws, 'TWITTER', '@planner'),
      otherX: await t.given.connection(ws, 'TWITTER', '@planner_two'),
      linkedIn: await t.given.connection(ws, 'LINKEDIN', 'planner-li'),
      instagram: await t.given.connection(ws, 'INSTAGRAM', 'planner.ig'),
      bluesky: await t.given.connection(ws, 'BLUESKY', 'planner.bsky.social'),
    },
    photo: await t.given.media(ws, 'photo'),
    async weeklySchedule(connectionId) {
      const slots = ['mon', 'wed', 'fri'].map((day) => ({ day, time: '09:00' }));
      const res = await client.put(`/v1/workspaces/${ws}/connections/${connectionId}/schedule`).set(auth).send({ timeZone: 'Europe/Berlin', slots });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
    },
    async keyOf(role) {
      const email = `${role}.${++members}@planning.test`;
      await t.given.user(email);
      await t.given.member(ws, email, role);
      return (await t.given.apiKey(ws, email, role)).key;
    },
  };
}

/** The tables a post, its slots, jobs, events and idempotency records live in. */
const TABLES = ['posts', 'post_targets', 'post_reviews', 'publish_jobs', 'queue_slots', 'webhook_events', 'webhook_deliveries', 'idempotency_keys'] as const;

/** How many rows each table holds, and the posts post_counts counts: equal before and after means nothing was written. */
export async function rowCounts(w: PlanningWorld): Promise<Record<string, number>> {
  const m = managerOf(w.t.dataSource);
  const counts: Record<string, number> = {};
  for (const table of TABLES) counts[table] = Number((await m.query<Array<{ n: number | string }>>(`SELECT COUNT(*) AS n FROM ${table}`))[0]!.n);
  const [counted] = await m.query<Array<{ n: number | string | null }>>(
    `SELECT SUM(${w.t.dataSource.options.type === 'better-sqlite3' ? '"count"' : '`count`'}) AS n FROM post_counts`,
  );
  counts.post_counts = Number(counted?.n ?? 0);
  return counts;
}

/** The settings values every X target here gets. */
export const X_VALUES = { replyRestriction: 'everyone' };
export const LINKEDIN_VALUES = { visibility: 'PUBLIC' };
export const INSTAGRAM_VALUES = { shareToFeed: true, shareToStory: false, trialReels: false, graduationStrategy: 'MANUAL' };
