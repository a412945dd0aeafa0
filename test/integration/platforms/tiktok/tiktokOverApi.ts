import { expect } from 'chai';
import { TikTokFake } from '../../../support/fakes/tiktokFake';
import { FixedClock } from '../../../support/fixedClock';
import { type AppWithFake, authorizeOverApi, backToCallback, firstTargetOf, listedConnections, startAppWithFake } from '../../../support/platformOverApi';

export const BASE_URL = 'https://dispatch.example';
export const CALLBACK = `${BASE_URL}/connect/tiktok/callback`;
/** Where TikTok's consent screen is; the browser goes there, never the service. */
export const CONSENT_BASE = 'https://tiktok-consent.example';

/** The service as a TikTok user meets it: the real app on SQLite, TikTok's fake on 127.0.0.1, an injected clock. */
export type TikTokOverApi = AppWithFake<TikTokFake>;

export async function startTikTokOverApi(): Promise<TikTokOverApi> {
  // The clock starts at the real time: TikTok's token lifetimes are counted from it.
  const clock = new FixedClock(new Date());
  const fake = await TikTokFake.start();
  const env = {
    BASE_URL,
    TIKTOK_CLIENT_KEY: fake.state.clientKey,
    TIKTOK_CLIENT_SECRET: fake.state.clientSecret,
    TIKTOK_API_BASE_URL: fake.baseUrl,
    TIKTOK_AUTH_BASE_URL: CONSENT_BASE,
  };
  return startAppWithFake(fake, env, clock);
}

/** Authorize over the API, TikTok's consent screen issuing a code, the callback page: the connection as listed. */
export async function connectTikTok(w: TikTokOverApi): Promise<{ id: string; authorizationUrl: URL; page: string }> {
  const authorizationUrl = await authorizeOverApi(w, 'TIKTOK');
  const page = await backToCallback(w.t, 'tiktok', w.fake.consent(authorizationUrl.toString()).code, authorizationUrl.searchParams.get('state'));
  expect(page.status, page.text).to.equal(200);
  const connection = (await listedConnections<{ id: string; platform: string }>(w)).find((c) => c.platform === 'TIKTOK');
  expect(connection, 'a TikTok connection is listed').to.not.equal(undefined);
  return { id: connection!.id, authorizationUrl, page: page.text };
}

export type TargetView = {
  id: string;
  status: string;
  platformPostId: string | null;
  platformPostUrl: string | null;
  error: string | null;
};

export const targetOf = (w: TikTokOverApi, postId: string) => firstTargetOf<TargetView>(w, postId);
