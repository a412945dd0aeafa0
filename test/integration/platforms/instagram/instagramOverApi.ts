import { expect } from 'chai';
import { type Response } from 'supertest';
import { InstagramFake } from '../../../support/fakes/instagramFake';
import { FixedClock } from '../../../support/fixedClock';
import { type AppWithFake, authorizeOverApi, backToCallback, listedConnections, startServedAppWithFake } from '../../../support/platformOverApi';

/** Where the consent screen is: the app only builds links to it, the person's browser goes there. */
export const AUTH_BASE = 'https://www.instagram.example';

/** A connection as GET …/connections lists it. */
export interface ConnectionView {
  readonly id: string;
  readonly platform: string;
  readonly status: string;
  readonly accountId: string;
  readonly handle: string;
  readonly displayName: string | null;
}

/**
 * The app against the Instagram fake (its OAuth and Graph API), its BASE_URL a local address,
 * so the media links the app signs are ones the fake can fetch, as Instagram fetches them
 * (docs/platforms.md), and the engine's clock held still.
 */
export type InstagramWorld = AppWithFake<InstagramFake> & { readonly baseUrl: string };

export async function startInstagramWorld(): Promise<InstagramWorld> {
  const fake = await InstagramFake.start();
  const env = {
    INSTAGRAM_CLIENT_ID: fake.state.clientId,
    INSTAGRAM_CLIENT_SECRET: fake.state.clientSecret,
    INSTAGRAM_API_BASE_URL: fake.baseUrl,
    INSTAGRAM_TOKEN_BASE_URL: fake.baseUrl,
    INSTAGRAM_AUTH_BASE_URL: AUTH_BASE,
  };
  return startServedAppWithFake(fake, env, new FixedClock());
}

/** Stops the app and the fake, which must have found nothing its documentation does not allow. */
export async function stopInstagramWorld(w: InstagramWorld | undefined): Promise<void> {
  await w?.close();
  w?.fake.expectNoViolations();
}

/** POST …/connections/authorize: where the person's browser is sent. */
export const authorizationUrl = (w: InstagramWorld): Promise<URL> => authorizeOverApi(w, 'INSTAGRAM');

/** Instagram's consent screen says yes (the fake checks the URL as Instagram does): the browser comes back to the callback page with a code and the state. */
export function consentAndReturn(w: InstagramWorld, url: URL): Promise<Response> {
  const consented = w.fake.consent(url.toString());
  return backToCallback(w.t, 'instagram', consented.code, consented.state);
}

/** The whole connect flow: the new connection as GET …/connections lists it. */
export async function connect(w: InstagramWorld): Promise<ConnectionView> {
  const page = await consentAndReturn(w, await authorizationUrl(w));
  expect(page.status, page.text).to.equal(200);
  return (await listedConnections<ConnectionView>(w)).find((c) => c.platform === 'INSTAGRAM' && c.status === 'active')!;
}

/** The parameters of every request the fake got on `pathEnd`, in order, its token aside. */
export function paramsSentTo(w: InstagramWorld, method: string, pathEnd: string): Array<Record<string, string>> {
  return w.fake.received
    .filter((r) => r.method === method && r.path.endsWith(pathEnd))
    .map((r) => Object.fromEntries([...r.query.entries()].filter(([key]) => key !== 'access_token')));
}
