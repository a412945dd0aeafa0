import { type IncomingMessage, type ServerResponse } from 'node:http';
import { expect } from 'chai';
import supertest from 'supertest';
import { TOKENS as T } from '../../../../config/tokens';
import { PinterestFake } from '../../../support/fakes/pinterestFake';
import { FixedClock } from '../../../support/fixedClock';
import { LocalHttpServer } from '../../../support/localHttpServer';
import { OWNER_EMAIL } from '../../../support/data/people';
import { api, type ApiClient } from '../../../support/openapi';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../../../support/testApp';

/**
 * The service on a local address (its BASE_URL), so the Pinterest fake can fetch a pin's image
 * from the media library's signed link as Pinterest does (README.md, "Connecting accounts"),
 * with the fake's address configured as Pinterest's and an injected clock.
 */
export interface PinterestWorld {
  readonly fake: PinterestFake;
  readonly t: TestApp;
  readonly http: ApiClient;
  readonly clock: FixedClock;
  readonly baseUrl: string;
  readonly ws: string;
  readonly auth: { Authorization: string };
  close(): Promise<void>;
}

export async function startPinterestWorld(): Promise<PinterestWorld> {
  const fake = await PinterestFake.start();
  let serve: ((request: IncomingMessage, response: ServerResponse) => void) | null = null;
  const front = await LocalHttpServer.start('127.0.0.1', (request, response) => {
    if (serve === null) return void response.writeHead(503).end();
    serve(request, response);
  });
  const baseUrl = front.url('').replace(/\/$/, '');
  const clock = new FixedClock();
  const env = {
    BASE_URL: baseUrl,
    PINTEREST_CLIENT_ID: fake.state.clientId,
    PINTEREST_CLIENT_SECRET: fake.state.clientSecret,
    PINTEREST_API_BASE_URL: fake.baseUrl,
    PINTEREST_AUTH_BASE_URL: 'https://pinterest.example',
  };
  const t = await startTestApp(await freshDatabaseEnv('sqlite'), env, { replace: (w) => w.replace(T.Clock, clock) });
  serve = t.app.callback();
  await t.given.user(OWNER_EMAIL);
  const ws = await t.given.workspace(OWNER_EMAIL);
  const auth = { Authorization: `Bearer ${(await t.given.apiKey(ws, OWNER_EMAIL, 'owner')).key}` };
  const close = async () => {
    await t.close();
    await front.stop();
    await fake.stop();
  };
  return { fake, t, http: api(t.app), clock, baseUrl, ws, auth, close };
}

export interface Connected {
  readonly id: string;
  readonly platform: string;
  readonly accountId: string;
  readonly handle: string;
  readonly status: string;
  readonly publishAs: { id: string; kind: string; name: string } | null;
}

/** Authorize over the API, the owner agrees at Pinterest, the browser comes back: the account's connection and the callback page. */
export async function connectAccount(w: PinterestWorld): Promise<{ account: Connected; page: string }> {
  const started = await w.http.post(`/v1/workspaces/${w.ws}/connections/authorize`).set(w.auth).send({ platform: 'PINTEREST' }).expect(200);
  const state = new URL(started.body.authorizationUrl).searchParams.get('state')!;
  const code = w.fake.issueCode(`${w.baseUrl}/connect/pinterest/callback`);
  const page = await supertest(w.t.app.callback()).get(`/connect/pinterest/callback?code=${encodeURIComponent(code)}&state=${state}`);
  expect(page.status, page.text).to.equal(200);
  const listed = (await w.http.get(`/v1/workspaces/${w.ws}/connections`).set(w.auth).expect(200)).body.data;
  const account = listed.find((c: Connected) => c.platform === 'PINTEREST' && c.publishAs === null);
  return { account, page: page.text };
}

/** The pending choice completed: a connection that pins to `boardId`. */
export async function chooseBoard(w: PinterestWorld, accountConnectionId: string, boardId: string): Promise<Connected> {
  const res = await w.http.post(`/v1/workspaces/${w.ws}/connections/${accountConnectionId}/target`).set(w.auth).send({ publishAsId: boardId });
  expect(res.status, JSON.stringify(res.body)).to.equal(201);
  return res.body;
}

/** The post's first target as the API shows it. */
export async function targetOf(w: PinterestWorld, postId: string) {
  return (await w.http.get(`/v1/workspaces/${w.ws}/posts/${postId}`).set(w.auth).expect(200)).body.targets[0];
}

/** The outcomes of the target's attempts, oldest first. */
export async function outcomesOf(w: PinterestWorld, postId: string, targetId: string): Promise<string[]> {
  const res = await w.http.get(`/v1/workspaces/${w.ws}/posts/${postId}/targets/${targetId}/attempts`).set(w.auth).expect(200);
  return res.body.data.map((a: { outcome: string }) => a.outcome);
}
