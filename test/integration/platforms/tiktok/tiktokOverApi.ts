import { expect } from 'chai';
import supertest from 'supertest';
import { TOKENS as T } from '../../../../config/tokens';
import { TikTokFake } from '../../../support/fakes/tiktokFake';
import { FixedClock } from '../../../support/fixedClock';
import { OWNER_EMAIL } from '../../../support/data/people';
import { api, type ApiClient } from '../../../support/openapi';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../../../support/testApp';

export const BASE_URL = 'https://dispatch.example';
export const CALLBACK = `${BASE_URL}/connect/tiktok/callback`;
/** Where TikTok's consent screen is; the browser goes there, never the service. */
export const CONSENT_BASE = 'https://tiktok-consent.example';

/** The service as a TikTok user meets it: the real app on SQLite, TikTok's fake on 127.0.0.1, an injected clock. */
export interface TikTokOverApi {
  readonly fake: TikTokFake;
  readonly t: TestApp;
  readonly http: ApiClient;
  readonly clock: FixedClock;
  readonly ws: string;
  readonly auth: { Authorization: string };
  /** One pass of the publishing engine, as the worker would run it. */
  runEngine(): Promise<{ claimed: number }>;
  close(): Promise<void>;
}

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
  const t = await startTestApp(await freshDatabaseEnv('sqlite'), env, { replace: (w) => w.replace(T.Clock, clock) });
  await t.given.user(OWNER_EMAIL);
  const ws = await t.given.workspace(OWNER_EMAIL);
  const auth = { Authorization: `Bearer ${(await t.given.apiKey(ws, OWNER_EMAIL, 'owner')).key}` };
  const engine = t.composition.get(T.PublishDueTargets);
  return {
    fake,
    t,
    http: api(t.app),
    clock,
    ws,
    auth,
    runEngine: () => engine.run('worker-1'),
    close: async () => {
      await t.close();
      await fake.stop();
    },
  };
}

/** Authorize over the API, TikTok's consent screen issuing a code, the callback page: the connection as listed. */
export async function connectTikTok(w: TikTokOverApi): Promise<{ id: string; authorizationUrl: URL; page: string }> {
  const started = await w.http.post(`/v1/workspaces/${w.ws}/connections/authorize`).set(w.auth).send({ platform: 'TIKTOK' }).expect(200);
  const authorizationUrl = new URL(started.body.authorizationUrl);
  const state = authorizationUrl.searchParams.get('state')!;
  const code = w.fake.issueCode(CALLBACK);
  const page = await supertest(w.t.app.callback()).get(`/connect/tiktok/callback?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`);
  expect(page.status, page.text).to.equal(200);
  const connection = (await w.http.get(`/v1/workspaces/${w.ws}/connections`).set(w.auth).expect(200)).body.data.find(
    (c: { platform: string }) => c.platform === 'TIKTOK',
  );
  expect(connection, 'a TikTok connection is listed').to.not.equal(undefined);
  return { id: connection.id, authorizationUrl, page: page.text };
}

export type TargetView = {
  id: string;
  status: string;
  platformPostId: string | null;
  platformPostUrl: string | null;
  error: string | null;
};

export async function targetOf(w: TikTokOverApi, postId: string): Promise<TargetView> {
  return (await w.http.get(`/v1/workspaces/${w.ws}/posts/${postId}`).set(w.auth).expect(200)).body.targets[0];
}
