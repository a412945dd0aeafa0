import { expect } from 'chai';
import supertest from 'supertest';
import { TOKENS as T } from '../../../../config/tokens';
import { OWNER_EMAIL } from '../../../support/data/people';
import { DEFAULT_GROUP_ID, group, media, segment } from '../../../support/data/posts';
import { type YouTubeFake } from '../../../support/fakes/youtubeFake';
import { type FixedClock } from '../../../support/fixedClock';
import { api, type ApiClient } from '../../../support/openapi';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../../../support/testApp';

export const BASE_URL = 'https://dispatch.example';
export const CALLBACK = `${BASE_URL}/connect/youtube/callback`;
export const AUTH_BASE = 'https://accounts.google.example';

/** The service as a YouTube user meets it: the app against the fake, a workspace, an owner's API key. */
export interface YouTubeWorld {
  readonly t: TestApp;
  readonly http: ApiClient;
  readonly ws: string;
  readonly auth: { Authorization: string };
}

export async function startWorld(fake: YouTubeFake, clock: FixedClock): Promise<YouTubeWorld> {
  const env = {
    BASE_URL,
    YOUTUBE_CLIENT_ID: fake.state.clientId,
    YOUTUBE_CLIENT_SECRET: fake.state.clientSecret,
    YOUTUBE_API_BASE_URL: fake.baseUrl,
    YOUTUBE_TOKEN_BASE_URL: fake.baseUrl,
    YOUTUBE_AUTH_BASE_URL: AUTH_BASE,
  };
  const t = await startTestApp(await freshDatabaseEnv('sqlite'), env, { replace: (w) => w.replace(T.Clock, clock) });
  await t.given.user(OWNER_EMAIL);
  const ws = await t.given.workspace(OWNER_EMAIL);
  const auth = { Authorization: `Bearer ${(await t.given.apiKey(ws, OWNER_EMAIL, 'owner')).key}` };
  return { t, http: api(t.app), ws, auth };
}

/**
 * What Google's consent screen does: the person agrees and the browser comes back to the
 * callback with a code (bound to the PKCE challenge of the authorization URL) and the state.
 */
export async function connectOverCallback(world: YouTubeWorld, fake: YouTubeFake): Promise<{ authorizationUrl: URL; page: supertest.Response }> {
  const started = await world.http.post(`/v1/workspaces/${world.ws}/connections/authorize`).set(world.auth).send({ platform: 'YOUTUBE' }).expect(200);
  const authorizationUrl = new URL(started.body.authorizationUrl);
  const code = fake.issueCode(CALLBACK, authorizationUrl.searchParams.get('code_challenge'));
  const state = authorizationUrl.searchParams.get('state');
  const page = await supertest(world.t.app.callback()).get(`/connect/youtube/callback?code=${encodeURIComponent(code)}&state=${state}`);
  return { authorizationUrl, page };
}

export interface ListedConnection {
  readonly id: string;
  readonly platform: string;
  readonly accountId: string;
  readonly handle: string;
  readonly status: string;
}

export async function connections(world: YouTubeWorld): Promise<ListedConnection[]> {
  return (await world.http.get(`/v1/workspaces/${world.ws}/connections`).set(world.auth).expect(200)).body.data;
}

/** A video post to one YouTube connection: text (title from its first line), and the target settings. */
export async function postVideo(
  world: YouTubeWorld,
  connectionId: string,
  values: Record<string, unknown>,
  timing: { intent: 'publish_now' } | { intent: 'schedule'; scheduledAt: string } = { intent: 'publish_now' },
): Promise<string> {
  const video = await world.t.given.media(world.ws, 'video');
  const created = await world.http
    .post(`/v1/workspaces/${world.ws}/posts`)
    .set(world.auth)
    .send({
      groups: [group(DEFAULT_GROUP_ID, true, [segment('Dispatch 1.0 launch\nWhat changed, and why.', [media(video)])])],
      targets: [
        {
          connectionId,
          groupId: DEFAULT_GROUP_ID,
          settings: { platform: 'YOUTUBE', values },
          scheduledAt: timing.intent === 'schedule' ? timing.scheduledAt : null,
        },
      ],
      intent: timing.intent,
    });
  expect(created.status, JSON.stringify(created.body)).to.equal(200);
  return created.body.id;
}

export interface ListedTarget {
  readonly id: string;
  readonly status: string;
  readonly platformPostId: string | null;
  readonly platformPostUrl: string | null;
  readonly error: string | null;
}

export async function targetOf(world: YouTubeWorld, postId: string): Promise<ListedTarget> {
  return (await world.http.get(`/v1/workspaces/${world.ws}/posts/${postId}`).set(world.auth).expect(200)).body.targets[0];
}

/** One round of the publishing engine, as a worker runs it. */
export const runEngine = (world: YouTubeWorld) => world.t.composition.get(T.PublishDueTargets).run('worker-1');
