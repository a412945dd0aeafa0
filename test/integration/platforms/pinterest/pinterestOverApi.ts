import { expect } from 'chai';
import { PinterestFake } from '../../../support/fakes/pinterestFake';
import { FixedClock } from '../../../support/fixedClock';
import {
  type AppWithOwner,
  attemptOutcomesOf,
  authorizeOverApi,
  backToCallback,
  firstTargetOf,
  LocalAppAddress,
  listedConnections,
  startAppWithOwner,
} from '../../../support/platformOverApi';

/**
 * The service on a local address (its BASE_URL), so the Pinterest fake can fetch a pin's image
 * from the media library's signed link as Pinterest does (README.md, "Connecting accounts"),
 * with the fake's address configured as Pinterest's and an injected clock.
 */
export interface PinterestWorld extends AppWithOwner {
  readonly fake: PinterestFake;
  readonly clock: FixedClock;
  readonly baseUrl: string;
  close(): Promise<void>;
}

export async function startPinterestWorld(): Promise<PinterestWorld> {
  const fake = await PinterestFake.start();
  const address = await LocalAppAddress.start();
  const clock = new FixedClock();
  const env = {
    BASE_URL: address.baseUrl,
    PINTEREST_CLIENT_ID: fake.state.clientId,
    PINTEREST_CLIENT_SECRET: fake.state.clientSecret,
    PINTEREST_API_BASE_URL: fake.baseUrl,
    PINTEREST_AUTH_BASE_URL: 'https://pinterest.example',
  };
  const app = await startAppWithOwner(env, { clock });
  address.serve(app.t);
  const close = async () => {
    await app.t.close();
    await address.stop();
    await fake.stop();
  };
  return { ...app, fake, clock, baseUrl: address.baseUrl, close };
}

export interface Connected {
  readonly id: string;
  readonly platform: string;
  readonly accountId: string;
  readonly handle: string;
  readonly status: string;
  readonly publishAs: { id: string; kind: string; name: string } | null;
}

/** Authorize over the API, the owner agrees at Pinterest (which checks the URL, scopes kept with the tokens), the browser comes back: the account's connection and the callback page. */
export async function connectAccount(w: PinterestWorld): Promise<{ account: Connected; page: string }> {
  const consented = w.fake.consent((await authorizeOverApi(w, 'PINTEREST')).toString());
  const page = await backToCallback(w.t, 'pinterest', consented.code, consented.state);
  expect(page.status, page.text).to.equal(200);
  const account = (await listedConnections<Connected>(w)).find((c) => c.platform === 'PINTEREST' && c.publishAs === null)!;
  return { account, page: page.text };
}

/** The pending choice completed: a connection that pins to `boardId`. */
export async function chooseBoard(w: PinterestWorld, accountConnectionId: string, boardId: string): Promise<Connected> {
  const res = await w.http.post(`/v1/workspaces/${w.ws}/connections/${accountConnectionId}/target`).set(w.auth).send({ publishAsId: boardId });
  expect(res.status, JSON.stringify(res.body)).to.equal(201);
  return res.body;
}

/** The post's first target as the API shows it. */
export const targetOf = (w: PinterestWorld, postId: string) => firstTargetOf(w, postId);

/** The outcomes of the target's attempts, oldest first. */
export const outcomesOf = attemptOutcomesOf;
