import { expect } from 'chai';
import { type Response } from 'supertest';
import { InstagramFake } from '../../../support/fakes/instagramFake';
import { FixedClock } from '../../../support/fixedClock';
import { type ApiClient } from '../../../support/openapi';
import {
  type AppWithOwner,
  attemptOutcomesOf,
  authorizeOverApi,
  backToCallback,
  firstTargetOf,
  LocalAppAddress,
  listedConnections,
  runEngineOnce,
  startAppWithOwner,
} from '../../../support/platformOverApi';
import { type TestApp } from '../../../support/testApp';

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
  readonly t: TestApp;
  readonly http: ApiClient;
  readonly ws: string;
  readonly auth: { Authorization: string };

  private constructor(
    readonly fake: InstagramFake,
    app: AppWithOwner,
    readonly clock: FixedClock,
    private readonly served: LocalAppAddress,
  ) {
    ({ t: this.t, http: this.http, ws: this.ws, auth: this.auth } = app);
  }

  static async start(): Promise<InstagramOverApi> {
    const fake = await InstagramFake.start();
    const served = await LocalAppAddress.start();
    const clock = new FixedClock();
    const env = {
      BASE_URL: served.baseUrl,
      INSTAGRAM_CLIENT_ID: fake.state.clientId,
      INSTAGRAM_CLIENT_SECRET: fake.state.clientSecret,
      INSTAGRAM_API_BASE_URL: fake.baseUrl,
      INSTAGRAM_TOKEN_BASE_URL: fake.baseUrl,
      INSTAGRAM_AUTH_BASE_URL: AUTH_BASE,
    };
    const app = await startAppWithOwner(env, { clock });
    served.serve(app.t);
    return new InstagramOverApi(fake, app, clock, served);
  }

  /** BASE_URL as the app was started with. */
  get baseUrl(): string {
    return this.served.baseUrl;
  }

  get callbackUrl(): string {
    return `${this.baseUrl}/connect/instagram/callback`;
  }

  /** POST …/connections/authorize: where the person's browser is sent. */
  authorizationUrl(): Promise<URL> {
    return authorizeOverApi(this, 'INSTAGRAM');
  }

  /** Instagram's consent screen says yes: the browser comes back to the callback page with a code and the state. */
  async consentAndReturn(authorizationUrl: URL): Promise<Response> {
    return backToCallback(this.t, 'instagram', this.fake.issueCode(this.callbackUrl), authorizationUrl.searchParams.get('state'));
  }

  /** The whole connect flow: the new connection as GET …/connections lists it. */
  async connect(): Promise<ConnectionView> {
    const page = await this.consentAndReturn(await this.authorizationUrl());
    expect(page.status, page.text).to.equal(200);
    return (await listedConnections<ConnectionView>(this)).find((c) => c.platform === 'INSTAGRAM' && c.status === 'active')!;
  }

  /** The engine's one round, as the worker runs it. */
  runEngine(): Promise<{ claimed: number }> {
    return runEngineOnce(this.t);
  }

  targetOf(postId: string): Promise<TargetView> {
    return firstTargetOf(this, postId);
  }

  attemptOutcomes(postId: string, targetId: string): Promise<string[]> {
    return attemptOutcomesOf(this, postId, targetId);
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
