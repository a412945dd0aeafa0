import { expect } from 'chai';
import { FacebookFake } from '../../../support/fakes/facebookFake';
import { FixedClock } from '../../../support/fixedClock';
import { type AppWithFake, authorizeOverApi, backToCallback, listedConnections, startServedAppWithFake } from '../../../support/platformOverApi';

export const LOGIN_BASE = 'https://www.facebook.com/v25.0';
export const PAGE_ID = '104400000001';

/**
 * The service against the fake Graph API, its BASE_URL a local address (so the signed media
 * links the fake fetches reach the service's `/media/files`), a workspace with an owner's API
 * key, and a clock that moves only when a test says so.
 */
export type FacebookWorld = AppWithFake<FacebookFake> & { readonly baseUrl: string };

export async function startFacebookWorld(): Promise<FacebookWorld> {
  const fake = await FacebookFake.start();
  const env = {
    FACEBOOK_CLIENT_ID: fake.state.clientId,
    FACEBOOK_CLIENT_SECRET: fake.state.clientSecret,
    FACEBOOK_API_BASE_URL: fake.apiBaseUrl,
    FACEBOOK_AUTH_BASE_URL: LOGIN_BASE,
  };
  return startServedAppWithFake(fake, env, new FixedClock());
}

/** Stops the service and the fake, which must have found nothing its documentation does not allow. */
export async function stopFacebookWorld(w: FacebookWorld | undefined): Promise<void> {
  await w?.close();
  w?.fake.expectNoViolations();
}

/** Rounds of the engine until none claims anything (one segment a round), at most `rounds`. */
export async function publishAllDue(w: FacebookWorld, rounds = 5): Promise<void> {
  for (let round = 0; round < rounds; round += 1) if ((await w.runEngine()).claimed === 0) return;
  throw new Error(`targets still due after ${rounds} rounds`);
}

export const connections = (w: FacebookWorld): Promise<Array<Record<string, unknown>>> => listedConnections(w);

/**
 * The person agrees on Facebook's Login dialog (the fake checks the URL as Facebook does) and
 * the browser comes back with the code: the account's connection (active), and the page that
 * says what was connected.
 */
export async function connectAccount(w: FacebookWorld): Promise<{ accountConnection: Record<string, unknown>; page: string }> {
  const consented = w.fake.consent((await authorizeOverApi(w, 'FACEBOOK')).toString());
  const page = await backToCallback(w.t, 'facebook', consented.code, consented.state);
  expect(page.status, page.text).to.equal(200);
  const accountConnection = (await connections(w)).find((c) => c.accountId === w.fake.state.user.id && c.publishAs === null)!;
  return { accountConnection, page: page.text };
}

/** The connection that publishes as the Page, made from the account's connection. */
export async function connectPage(w: FacebookWorld): Promise<string> {
  const { accountConnection } = await connectAccount(w);
  const chosen = await w.http.post(`/v1/workspaces/${w.ws}/connections/${accountConnection.id}/target`).set(w.auth).send({ publishAsId: PAGE_ID }).expect(201);
  return chosen.body.id as string;
}
