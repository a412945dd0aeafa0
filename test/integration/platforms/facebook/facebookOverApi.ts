import { type IncomingMessage, type ServerResponse } from 'node:http';
import { expect } from 'chai';
import supertest from 'supertest';
import { TOKENS as T } from '../../../../config/tokens';
import { FacebookFake } from '../../../support/fakes/facebookFake';
import { FixedClock } from '../../../support/fixedClock';
import { LocalHttpServer } from '../../../support/localHttpServer';
import { OWNER_EMAIL } from '../../../support/data/people';
import { api, type ApiClient } from '../../../support/openapi';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../../../support/testApp';

export const LOGIN_BASE = 'https://www.facebook.com/v25.0';
export const PAGE_ID = '104400000001';

/**
 * The service on a local address (BASE_URL is that address, so the signed media links the
 * Facebook fake fetches reach the service's `/media/files`), the fake Graph API, a workspace
 * with an owner's API key, and a clock that moves only when a test says so.
 */
export class FacebookOverApi {
  private constructor(
    readonly clock: FixedClock,
    readonly fake: FacebookFake,
    readonly t: TestApp,
    private readonly server: LocalHttpServer,
    readonly ws: string,
    readonly auth: { Authorization: string },
  ) {}

  static async start(): Promise<FacebookOverApi> {
    const fake = await FacebookFake.start();
    let handle: ((request: IncomingMessage, response: ServerResponse) => void) | null = null;
    const server = await LocalHttpServer.start('127.0.0.1', (request, response) => handle?.(request, response));
    const clock = new FixedClock();
    const env = {
      BASE_URL: server.url(''),
      FACEBOOK_CLIENT_ID: fake.state.clientId,
      FACEBOOK_CLIENT_SECRET: fake.state.clientSecret,
      FACEBOOK_API_BASE_URL: fake.apiBaseUrl,
      FACEBOOK_AUTH_BASE_URL: LOGIN_BASE,
    };
    const t = await startTestApp(await freshDatabaseEnv('sqlite'), env, { replace: (w) => w.replace(T.Clock, clock) });
    handle = t.app.callback();
    await t.given.user(OWNER_EMAIL);
    const ws = await t.given.workspace(OWNER_EMAIL);
    const auth = { Authorization: `Bearer ${(await t.given.apiKey(ws, OWNER_EMAIL, 'owner')).key}` };
    return new FacebookOverApi(clock, fake, t, server, ws, auth);
  }

  get baseUrl(): string {
    return this.t.config.http.baseUrl;
  }

  get http(): ApiClient {
    return api(this.t.app);
  }

  /** Runs the publishing engine once, as the worker would. */
  publishDue() {
    return this.t.composition.get(T.PublishDueTargets).run('worker-1');
  }

  /** Rounds of the engine until none claims anything (one segment a round), at most `rounds`. */
  async publishAllDue(rounds = 5): Promise<void> {
    for (let round = 0; round < rounds; round += 1) if ((await this.publishDue()).claimed === 0) return;
    throw new Error(`targets still due after ${rounds} rounds`);
  }

  /**
   * The person agrees on Facebook's Login dialog and the browser comes back with the code:
   * the account's connection (active), and the page that says what was connected.
   */
  async connectAccount(): Promise<{ accountConnection: Record<string, unknown>; page: string }> {
    const started = await this.http.post(`/v1/workspaces/${this.ws}/connections/authorize`).set(this.auth).send({ platform: 'FACEBOOK' }).expect(200);
    const state = new URL(started.body.authorizationUrl).searchParams.get('state')!;
    const code = this.fake.issueCode(`${this.baseUrl}/connect/facebook/callback`);
    const page = await supertest(this.t.app.callback()).get(`/connect/facebook/callback?code=${encodeURIComponent(code)}&state=${state}`);
    expect(page.status, page.text).to.equal(200);
    const accountConnection = (await this.connections()).find((c) => c.accountId === this.fake.state.user.id && c.publishAs === null)!;
    return { accountConnection, page: page.text };
  }

  /** The connection that publishes as the Page, made from the account's connection. */
  async connectPage(): Promise<string> {
    const { accountConnection } = await this.connectAccount();
    const chosen = await this.http
      .post(`/v1/workspaces/${this.ws}/connections/${accountConnection.id}/target`)
      .set(this.auth)
      .send({ publishAsId: PAGE_ID })
      .expect(201);
    return chosen.body.id as string;
  }

  async connections(): Promise<Array<Record<string, unknown>>> {
    return (await this.http.get(`/v1/workspaces/${this.ws}/connections`).set(this.auth).expect(200)).body.data;
  }

  async targetOf(postId: string): Promise<{ id: string; status: string; platformPostId: string | null; error: string | null }> {
    return (await this.http.get(`/v1/workspaces/${this.ws}/posts/${postId}`).set(this.auth).expect(200)).body.targets[0];
  }

  async attemptOutcomes(postId: string, targetId: string): Promise<string[]> {
    const attempts = (await this.http.get(`/v1/workspaces/${this.ws}/posts/${postId}/targets/${targetId}/attempts`).set(this.auth).expect(200)).body.data;
    return attempts.map((a: { outcome: string }) => a.outcome);
  }

  /** The Graph API requests the fake received, as `METHOD /path`, in order. */
  graphCalls(): string[] {
    return this.fake.state.received.map((r) => `${r.method} ${r.path}`);
  }

  async stop(): Promise<void> {
    await this.t?.close();
    await this.server.stop();
    await this.fake.stop();
  }
}
