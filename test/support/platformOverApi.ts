import supertest from 'supertest';
import { TOKENS as T } from '../../config/tokens';
import { type Platform } from '../../domain/platform/Platform';
import { type SegmentInput } from '../../domain/post/Segment';
import { DEFAULT_GROUP_ID, group, targetOn } from './data/posts';
import { type SettingsData } from './data/settings';
import { OWNER_EMAIL } from './data/people';
import { type DatabaseKind } from './databases';
import { type FixedClock } from './fixedClock';
import { LocalHttpServer } from './localHttpServer';
import { api, type ApiClient } from './openapi';
import { freshDatabaseEnv, startTestApp, type TestApp } from './testApp';

/** The app as a platform's "over the API" tests meet it: a workspace and its owner's API key. */
export interface AppWithOwner {
  readonly t: TestApp;
  readonly http: ApiClient;
  readonly ws: string;
  readonly auth: { Authorization: string };
}

/** The app on a fresh database (SQLite unless told) with `env`, on `clock` when given, an owner, a workspace and an API key. */
export async function startAppWithOwner(env: Record<string, string>, options: { clock?: FixedClock; database?: DatabaseKind } = {}): Promise<AppWithOwner> {
  const { clock, database = 'sqlite' } = options;
  const t = await startTestApp(await freshDatabaseEnv(database), env, clock ? { replace: (w) => w.replace(T.Clock, clock) } : {});
  await t.given.user(OWNER_EMAIL);
  const ws = await t.given.workspace(OWNER_EMAIL);
  const auth = { Authorization: `Bearer ${(await t.given.apiKey(ws, OWNER_EMAIL, 'owner')).key}` };
  return { t, http: api(t.app), ws, auth };
}

/** The app started against a platform's fake, on a clock the test moves. */
export interface AppWithFake<Fake> extends AppWithOwner {
  readonly fake: Fake;
  readonly clock: FixedClock;
  /** One round of the publishing engine, run by hand. */
  runEngine(): Promise<{ claimed: number }>;
  /** Stops the app, then the fake. */
  close(): Promise<void>;
}

/** The app on `clock` with `env` (the fake's address and the app's credentials among it), before `fake` is stopped. */
export async function startAppWithFake<Fake extends { stop(): Promise<void> }>(
  fake: Fake,
  env: Record<string, string>,
  clock: FixedClock,
): Promise<AppWithFake<Fake>> {
  const app = await startAppWithOwner(env, { clock });
  const close = async () => {
    await app.t.close();
    await fake.stop();
  };
  return { ...app, fake, clock, runEngine: () => runEngineOnce(app.t), close };
}

/**
 * The app against `fake` as `startAppWithFake` starts it, its BASE_URL a local address serving
 * it (LocalAppAddress), so the fake can fetch the media links the app signs as the platform
 * does (Meta's Graph APIs fetch every picture and video by its link).
 */
export async function startServedAppWithFake<Fake extends { stop(): Promise<void> }>(
  fake: Fake,
  env: Record<string, string>,
  clock: FixedClock,
): Promise<AppWithFake<Fake> & { readonly baseUrl: string }> {
  const address = await LocalAppAddress.start();
  const world = await startAppWithFake(fake, { ...env, BASE_URL: address.baseUrl }, clock);
  address.serve(world.t);
  const close = async () => {
    await world.close();
    await address.stop();
  };
  return { ...world, baseUrl: address.baseUrl, close };
}

/** POST …/connections/authorize for `platform`: where the person's browser is sent. */
export async function authorizeOverApi(o: AppWithOwner, platform: string): Promise<URL> {
  const started = await o.http.post(`/v1/workspaces/${o.ws}/connections/authorize`).set(o.auth).send({ platform }).expect(200);
  return new URL(started.body.authorizationUrl);
}

/** The browser back from the platform's consent screen on `/connect/<slug>/callback` with `code` and `state`. */
export function backToCallback(t: TestApp, slug: string, code: string, state: string | null): supertest.Test {
  return supertest(t.app.callback()).get(`/connect/${slug}/callback?code=${encodeURIComponent(code)}&state=${encodeURIComponent(String(state))}`);
}

/**
 * POST …/posts: one group of `segments` for one target on `connectionId` (its platform's valid
 * settings unless `target` gives others), published now, or scheduled at `target.scheduledAt`: the post's id.
 */
export async function postOverApi(
  o: AppWithOwner,
  connection: { readonly id: string; readonly platform: Platform },
  segments: readonly SegmentInput[],
  target: { readonly settings?: SettingsData; readonly scheduledAt?: string } = {},
): Promise<string> {
  const intent = target.scheduledAt === undefined ? 'publish_now' : 'schedule';
  const body = { groups: [group(DEFAULT_GROUP_ID, true, segments)], targets: [{ ...targetOn(connection.id, connection.platform), ...target }], intent };
  return (await o.http.post(`/v1/workspaces/${o.ws}/posts`).set(o.auth).send(body).expect(200)).body.id;
}

/** GET …/connections: the workspace's connections as listed. */
export async function listedConnections<Connection = Record<string, unknown>>(o: AppWithOwner): Promise<Connection[]> {
  return (await o.http.get(`/v1/workspaces/${o.ws}/connections`).set(o.auth).expect(200)).body.data;
}

/** The post's first target as GET …/posts/{id} answers it. */
export async function firstTargetOf<Target = any>(o: AppWithOwner, postId: string): Promise<Target> {
  return (await o.http.get(`/v1/workspaces/${o.ws}/posts/${postId}`).set(o.auth).expect(200)).body.targets[0];
}

/** The outcomes of the target's attempts, oldest first. */
export async function attemptOutcomesOf(o: AppWithOwner, postId: string, targetId: string): Promise<string[]> {
  const res = await o.http.get(`/v1/workspaces/${o.ws}/posts/${postId}/targets/${targetId}/attempts`).set(o.auth).expect(200);
  return res.body.data.map((a: { outcome: string }) => a.outcome);
}

/** One round of the publishing engine, as a worker runs it. */
export const runEngineOnce = (t: TestApp) => t.composition.get(T.PublishDueTargets).run('worker-1');

/**
 * A server on 127.0.0.1 to be the app's BASE_URL, so a platform fake can fetch the media links
 * the app signs, as the platform does; it answers 503 until it is given the app.
 */
export class LocalAppAddress {
  private app: TestApp | null = null;

  private constructor(private readonly server: LocalHttpServer) {}

  static async start(): Promise<LocalAppAddress> {
    let address: LocalAppAddress | null = null;
    const server = await LocalHttpServer.start('127.0.0.1', (request, response) => {
      if (!address?.app) return void response.writeHead(503).end();
      address.app.app.callback()(request, response);
    });
    address = new LocalAppAddress(server);
    return address;
  }

  get baseUrl(): string {
    return this.server.url('').replace(/\/$/, '');
  }

  serve(app: TestApp): void {
    this.app = app;
  }

  async stop(): Promise<void> {
    await this.server.stop();
  }
}
