import { expect } from 'chai';
import supertest from 'supertest';
import { TOKENS as T } from '../../../../config/tokens';
import { InstagramFake } from '../../../support/fakes/instagramFake';
import { FixedClock } from '../../../support/fixedClock';
import { LocalHttpServer } from '../../../support/localHttpServer';
import { OWNER_EMAIL } from '../../../support/data/people';
import { api, type ApiClient } from '../../../support/openapi';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../../../support/testApp';

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

/** A target as GET …/posts/{id} answers it. */
export interface TargetView {
  readonly id: string;
  readonly status: string;
  readonly platformPostId: string | null;
  readonly platformPostUrl: string | null;
  readonly error: string | null;
}

/**
 * The app over HTTP on 127.0.0.1 (BASE_URL is that address, so the media links the app signs
 * are ones the Instagram fake can fetch, as Instagram fetches them: docs/platforms.md), the
 * fake as Instagram's OAuth and Graph API, and the engine's clock held still.
 */
export class InstagramOverApi {
  readonly http: ApiClient;

  private constructor(
    readonly fake: InstagramFake,
    readonly t: TestApp,
    readonly clock: FixedClock,
    readonly ws: string,
    readonly auth: { Authorization: string },
    private readonly served: LocalHttpServer,
  ) {
    this.http = api(t.app);
  }

  static async start(): Promise<InstagramOverApi> {
    const fake = await InstagramFake.start();
    let app: TestApp | null = null;
    const served = await LocalHttpServer.start('127.0.0.1', (request, response) => void app?.app.callback()(request, response));
    const clock = new FixedClock();
    const env = {
      BASE_URL: served.url('').replace(/\/$/, ''),
      INSTAGRAM_CLIENT_ID: fake.state.clientId,
      INSTAGRAM_CLIENT_SECRET: fake.state.clientSecret,
      INSTAGRAM_API_BASE_URL: fake.baseUrl,
      INSTAGRAM_TOKEN_BASE_URL: fake.baseUrl,
      INSTAGRAM_AUTH_BASE_URL: AUTH_BASE,
    };
    app = await startTestApp(await freshDatabaseEnv('sqlite'), env, { replace: (w) => w.replace(T.Clock, clock) });
    await app.given.user(OWNER_EMAIL);
    const ws = await app.given.workspace(OWNER_EMAIL);
    const auth = { Authorization: `Bearer ${(await app.given.apiKey(ws, OWNER_EMAIL, 'owner')).key}` };
    return new InstagramOverApi(fake, app, clock, ws, auth, served);
  }

  /** BASE_URL as the app was started with. */
  get baseUrl(): string {
    return this.served.url('').replace(/\/$/, '');
  }

  get callbackUrl(): string {
    return `${this.baseUrl}/connect/instagram/callback`;
  }

  /** POST …/connections/authorize: where the person's browser is sent. */
  async authorizationUrl(): Promise<URL> {
    const started = await this.http.post(`/v1/workspaces/${this.ws}/connections/authorize`).set(this.auth).send({ platform: 'INSTAGRAM' }).expect(200);
    return new URL(started.body.authorizationUrl);
  }

  /** Instagram's consent screen says yes: the browser comes back to the callback page with a code and the state. */
  async consentAndReturn(authorizationUrl: URL): Promise<supertest.Response> {
    const code = encodeURIComponent(this.fake.issueCode(this.callbackUrl));
    return supertest(this.t.app.callback()).get(`/connect/instagram/callback?code=${code}&state=${authorizationUrl.searchParams.get('state')}`);
  }

  /** The whole connect flow: the new connection as GET …/connections lists it. */
  async connect(): Promise<ConnectionView> {
    const page = await this.consentAndReturn(await this.authorizationUrl());
    expect(page.status, page.text).to.equal(200);
    const listed: ConnectionView[] = (await this.http.get(`/v1/workspaces/${this.ws}/connections`).set(this.auth).expect(200)).body.data;
    return listed.find((c) => c.platform === 'INSTAGRAM' && c.status === 'active')!;
  }

  /** The engine's one round, as the worker runs it. */
  async runEngine(): Promise<{ claimed: number }> {
    return this.t.composition.get(T.PublishDueTargets).run('worker-1');
  }

  async targetOf(postId: string): Promise<TargetView> {
    return (await this.http.get(`/v1/workspaces/${this.ws}/posts/${postId}`).set(this.auth).expect(200)).body.targets[0];
  }

  async attemptOutcomes(postId: string, targetId: string): Promise<string[]> {
    const res = await this.http.get(`/v1/workspaces/${this.ws}/posts/${postId}/targets/${targetId}/attempts`).set(this.auth).expect(200);
    return res.body.data.map((a: { outcome: string }) => a.outcome);
  }

  /** The parameters of every request the fake got on `pathEnd`, in order. */
  paramsSentTo(method: string, pathEnd: string): Array<Record<string, string>> {
    return this.fake.state.received
      .filter((r) => r.method === method && r.path.endsWith(pathEnd))
      .map((r) => Object.fromEntries([...r.query.entries()].filter(([key]) => key !== 'access_token')));
  }

  async stop(): Promise<void> {
    await this.t?.close();
    await this.served?.stop();
    await this.fake?.stop();
  }
}
