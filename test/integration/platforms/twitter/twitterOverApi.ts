import { expect } from 'chai';
import { TwitterFake } from '../../../support/fakes/twitterFake';
import { FixedClock } from '../../../support/fixedClock';
import { type AppWithFake, authorizeOverApi, backToCallback, firstTargetOf, listedConnections, startAppWithFake } from '../../../support/platformOverApi';

export const BASE_URL = 'https://dispatch.example';
export const CALLBACK = `${BASE_URL}/connect/twitter/callback`;
/** Where the owner consents, set apart from the API by TWITTER_AUTH_BASE_URL (README, "Configuration"). */
export const AUTH_BASE_URL = 'https://x-consent.example';

/** The app started against the X fake, with an owner's API key and a clock the test moves. */
export type TwitterWorld = AppWithFake<TwitterFake>;

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
  return startAppWithFake(fake, env, clock);
}

/** Authorize over the API, consent at the fake (which checks the URL as X does), come back through the callback page. */
export async function connectOverApi(w: TwitterWorld): Promise<{ id: string; authorizationUrl: URL }> {
  const authorizationUrl = await authorizeOverApi(w, 'TWITTER');
  const consented = w.fake.consent(authorizationUrl.toString());
  const page = await backToCallback(w.t, 'twitter', consented.code, consented.state);
  expect(page.status, page.text).to.equal(200);
  expect(page.text).to.include('is connected');
  const connection = (await listedConnections<{ id: string; platform: string }>(w)).find((c) => c.platform === 'TWITTER');
  expect(connection, 'a TWITTER connection is listed').to.not.equal(undefined);
  return { id: connection!.id, authorizationUrl };
}

/** The post's first target as the API shows it. */
export const targetOf = (w: TwitterWorld, postId: string) => firstTargetOf(w, postId);
