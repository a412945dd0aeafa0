import { expect } from 'chai';
import { FacebookFake } from '../../../support/fakes/facebookFake';
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

export const LOGIN_BASE = 'https://www.facebook.com/v25.0';
export const PAGE_ID = '104400000001';

/**
 * The service on a local address (BASE_URL is that address, so the signed media links the
 * Facebook fake fetches reach the service's `/media/files`), the fake Graph API, a workspace
 * with an owner's API key, and a clock that moves only when a test says so.
 */
export class FacebookOverApi {
  readonly t: TestApp;
  readonly http: ApiClient;
  readonly ws: string;
  readonly auth: { Authorization: string };

  private constructor(
    readonly clock: FixedClock,
    readonly fake: FacebookFake,
    app: AppWithOwner,
    private readonly address: LocalAppAddress,
  ) {
    ({ t: this.t, http: this.http, ws: this.ws, auth: this.auth } = app);
  }

  static async start(): Promise<FacebookOverApi> {
    const fake = await FacebookFake.start();
    const address = await LocalAppAddress.start();
    const clock = new FixedClock();
    const env = {
      BASE_URL: address.baseUrl,
      FACEBOOK_CLIENT_ID: fake.state.clientId,
      FACEBOOK_CLIENT_SECRET: fake.state.clientSecret,
      FACEBOOK_API_BASE_URL: fake.apiBaseUrl,
      FACEBOOK_AUTH_BASE_URL: LOGIN_BASE,
    };
    const app = await startAppWithOwner(env, { clock });
    address.serve(app.t);
    return new FacebookOverApi(clock, fake, app, address);
  }

  get baseUrl(): string {
    return this.t.config.http.baseUrl;
  }

  /** Runs the publishing engine once, as the worker would. */
  publishDue() {
    return runEngineOnce(this.t);
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
    const state = (await authorizeOverApi(this, 'FACEBOOK')).searchParams.get('state');
    const page = await backToCallback(this.t, 'facebook', this.fake.issueCode(`${this.baseUrl}/connect/facebook/callback`), state);
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

  connections(): Promise<Array<Record<string, unknown>>> {
    return listedConnections(this);
  }

  targetOf(postId: string): Promise<{ id: string; status: string; platformPostId: string | null; error: string | null }> {
    return firstTargetOf(this, postId);
  }

  attemptOutcomes(postId: string, targetId: string): Promise<string[]> {
    return attemptOutcomesOf(this, postId, targetId);
  }

  /** The Graph API requests the fake received, as `METHOD /path`, in order. */
  graphCalls(): string[] {
    return this.fake.state.received.map((r) => `${r.method} ${r.path}`);
  }

  async stop(): Promise<void> {
    await this.t?.close();
    await this.address.stop();
    await this.fake.stop();
  }
}
