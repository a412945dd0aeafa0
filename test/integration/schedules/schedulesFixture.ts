import { expect } from 'chai';
import { TOKENS as T } from '../../../config/tokens';
import { type DatabaseKind, serverFor } from '../../support/databases';
import { OWNER_EMAIL } from '../../support/data/people';
import { SETTINGS } from '../../support/data/settings';
import { FixedClock } from '../../support/fixedClock';
import { api, type ApiClient } from '../../support/openapi';
import { requireServer } from '../../support/services';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../../support/testApp';

/** Monday 2030-01-07, 07:00 in Berlin. */
export const MONDAY_MORNING = '2030-01-07T06:00:00.000Z';

/** A workspace with two X connections (one sandbox, which publishes into the service), an owner's key, and a clock that stands still. */
export interface SchedulesWorld {
  readonly t: TestApp;
  readonly api: ApiClient;
  readonly clock: FixedClock;
  readonly ws: string;
  readonly auth: { readonly Authorization: string };
  readonly conn: string;
  readonly sandbox: string;
  readonly posts: string;
  schedulePath(connectionId: string): string;
  slotsPath(connectionId: string, from: string, to: string): string;
  /** PUTs a schedule (Europe/Berlin unless said), expecting 200. */
  setSchedule(connectionId: string, slots: Array<{ day: string; time: string }>, timeZone?: string): Promise<void>;
  /** A one-segment post to `connectionId` asking for the next free slot (the response, status unchecked). */
  queue(connectionId: string, text: string, extra?: Record<string, unknown>): ReturnType<ApiClient['post']>;
  /** The slots held in a range: instant → post id. */
  held(connectionId: string, from: string, to: string): Promise<Record<string, string | null>>;
}

export async function startSchedulesWorld(ctx: Mocha.Context, kind: DatabaseKind): Promise<SchedulesWorld> {
  const server = serverFor(kind);
  if (server) await requireServer(ctx, server);
  const clock = new FixedClock(MONDAY_MORNING);
  const t = await startTestApp(await freshDatabaseEnv(kind), { RATE_LIMIT_MAX: '1000000' }, { replace: (w) => w.replace(T.Clock, clock) });
  await t.given.user(OWNER_EMAIL);
  const ws = await t.given.workspace(OWNER_EMAIL, 'Planning');
  const auth = { Authorization: `Bearer ${(await t.given.apiKey(ws, OWNER_EMAIL, 'owner')).key}` };
  const client = api(t.app);
  const world: SchedulesWorld = {
    t,
    api: client,
    clock,
    ws,
    auth,
    conn: await t.given.connection(ws, 'TWITTER', '@planner'),
    sandbox: await t.given.connection(ws, 'TWITTER', '@sandbox_planner', true),
    posts: `/v1/workspaces/${ws}/posts`,
    schedulePath: (id) => `/v1/workspaces/${ws}/connections/${id}/schedule`,
    slotsPath: (id, from, to) => `/v1/workspaces/${ws}/connections/${id}/slots?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
    async setSchedule(connectionId, slots, timeZone = 'Europe/Berlin') {
      const res = await client.put(world.schedulePath(connectionId)).set(auth).send({ timeZone, slots });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
    },
    queue: (connectionId, text, extra = {}) =>
      client
        .post(world.posts)
        .set(auth)
        .send({
          groups: [{ id: 'g', isDefault: true, segments: [{ text, media: [] }] }],
          targets: [{ connectionId, groupId: 'g', settings: SETTINGS.TWITTER, scheduledAt: null, queue: true }],
          intent: 'schedule',
          ...extra,
        }),
    async held(connectionId, from, to) {
      const res = await client
        .get(world.slotsPath(connectionId, from, to))
        .set(auth)
        .expect(200);
      return Object.fromEntries((res.body.data as Array<{ at: string; postId: string | null }>).map((s) => [s.at, s.postId]));
    },
  };
  return world;
}

/** The target's time a queued post was given. */
export const timeOf = (res: { body: { targets: Array<{ scheduledAt: string | null }> } }): string | null => res.body.targets[0]!.scheduledAt;
