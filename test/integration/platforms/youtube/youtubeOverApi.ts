import { expect } from 'chai';
import { type Response } from 'supertest';
import { DEFAULT_GROUP_ID, group, media, segment } from '../../../support/data/posts';
import { type YouTubeFake } from '../../../support/fakes/youtubeFake';
import { type FixedClock } from '../../../support/fixedClock';
import {
  type AppWithOwner,
  authorizeOverApi,
  backToCallback,
  firstTargetOf,
  listedConnections,
  runEngineOnce,
  startAppWithOwner,
} from '../../../support/platformOverApi';

export const BASE_URL = 'https://dispatch.example';
export const CALLBACK = `${BASE_URL}/connect/youtube/callback`;
export const AUTH_BASE = 'https://accounts.google.example';

/** The service as a YouTube user meets it: the app against the fake, a workspace, an owner's API key. */
export type YouTubeWorld = AppWithOwner;

export async function startWorld(fake: YouTubeFake, clock: FixedClock): Promise<YouTubeWorld> {
  const env = {
    BASE_URL,
    YOUTUBE_CLIENT_ID: fake.state.clientId,
    YOUTUBE_CLIENT_SECRET: fake.state.clientSecret,
    YOUTUBE_API_BASE_URL: fake.baseUrl,
    YOUTUBE_TOKEN_BASE_URL: fake.baseUrl,
    YOUTUBE_AUTH_BASE_URL: AUTH_BASE,
  };
  return startAppWithOwner(env, { clock });
}

/**
 * What Google's consent screen does: the person agrees and the browser comes back to the
 * callback with a code (bound to the PKCE challenge of the authorization URL) and the state.
 */
export async function connectOverCallback(world: YouTubeWorld, fake: YouTubeFake): Promise<{ authorizationUrl: URL; page: Response }> {
  const authorizationUrl = await authorizeOverApi(world, 'YOUTUBE');
  const { code } = fake.consent(authorizationUrl.toString());
  const page = await backToCallback(world.t, 'youtube', code, authorizationUrl.searchParams.get('state'));
  return { authorizationUrl, page };
}

export interface ListedConnection {
  readonly id: string;
  readonly platform: string;
  readonly accountId: string;
  readonly handle: string;
  readonly status: string;
}

export const connections = (world: YouTubeWorld) => listedConnections<ListedConnection>(world);

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

export const targetOf = (world: YouTubeWorld, postId: string) => firstTargetOf<ListedTarget>(world, postId);

/** One round of the publishing engine, as a worker runs it. */
export const runEngine = (world: YouTubeWorld) => runEngineOnce(world.t);
