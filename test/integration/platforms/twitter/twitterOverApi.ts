import { expect } from 'chai';
import supertest from 'supertest';
import { TOKENS as T } from '../../../../config/tokens';
import { TwitterFake } from '../../../support/fakes/twitterFake';
import { FixedClock } from '../../../support/fixedClock';
import { OWNER_EMAIL } from '../../../support/data/people';
import { api, type ApiClient } from '../../../support/openapi';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../../../support/testApp';

export const BASE_URL = 'https://dispatch.example';
export const CALLBACK = `${BASE_URL}/connect/twitter/callback`;
/** Where the owner consents, set apart from the API by TWITTER_AUTH_BASE_URL (README, "Configuration"). */
export const AUTH_BASE_URL = 'https://x-consent.example';

/** The app started against the X fake, with an owner's API key and a clock the test moves. */
export interface TwitterWorld {
  readonly fake: TwitterFake;
  readonly t: TestApp;
  readonly http: ApiClient;
  readonly clock: FixedClock;
  readonly ws: string;
  readonly auth: { Authorization: string };
  /** One round of the publishing engine, run by hand. */
  runEngine(): Promise<{ claimed: number }>;
  close(): Promise<void>;
}

export async function startTwitterWorld(): Promise<TwitterWorld> {
  const fake = await TwitterFake.start();
  // Starts today: the connector dates the grants X issues by the real time, so a grant is fresh on this clock too.
  const clock = new FixedClock(new Date());
  const env = {
    BASE_URL,
    TWITTER_CLIENT_ID: fake.state.clientId,
    TWITTER_CLIENT_SECRET: fake.state.clientSecret,
    TWITTER_API_BASE_URL: fake.baseUrl,
    TWITTER_AUTH_BASE_URL: AUTH_BASE_URL,
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

/** Authorize over the API, consent at the fake (which checks the URL as X does), come back through the callback page. */
export async function connectOverApi(w: TwitterWorld): Promise<{ id: string; authorizationUrl: URL }> {
  const started = await w.http.post(`/v1/workspaces/${w.ws}/connections/authorize`).set(w.auth).send({ platform: 'TWITTER' }).expect(200);
  const authorizationUrl = new URL(started.body.authorizationUrl);
  const consented = w.fake.consent(authorizationUrl.toString());
  const page = await supertest(w.t.app.callback()).get(`/connect/twitter/callback?code=${encodeURIComponent(consented.code)}&state=${consented.state}`);
  expect(page.status, page.text).to.equal(200);
  expect(page.text).to.include('is connected');
  const connections = (await w.http.get(`/v1/workspaces/${w.ws}/connections`).set(w.auth).expect(200)).body.data;
  const connection = connections.find((c: { platform: string }) => c.platform === 'TWITTER');
  expect(connection, 'a TWITTER connection is listed').to.not.equal(undefined);
  return { id: connection.id, authorizationUrl };
}

/** The post's first target as the API shows it. */
export async function targetOf(w: TwitterWorld, postId: string) {
  return (await w.http.get(`/v1/workspaces/${w.ws}/posts/${postId}`).set(w.auth).expect(200)).body.targets[0];
}
