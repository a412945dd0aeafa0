import { expect } from 'chai';
import { SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import supertest from 'supertest';
import { type TokenAnswer } from '../../../application/oauth/TokenIssuer';
import { type Scope } from '../../../domain/credential/Scope';
import { TOKENS as T } from '../../../config/tokens';
import { type DatabaseKind, serverFor } from '../../support/databases';
import { FixedClock } from '../../support/fixedClock';
import { api } from '../../support/openapi';
import { requireServer } from '../../support/services';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../../support/testApp';

export const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';
export const CLIENT_ID = 'agent-cli';

/** The app on `kind` with a clock that moves only when a test says so, and an agent registered for the device flow. */
export class AccessTokenKit {
  private constructor(
    readonly t: TestApp,
    readonly clock: FixedClock,
  ) {}

  static async start(mocha: Mocha.Context, kind: DatabaseKind, env: Record<string, string> = {}): Promise<AccessTokenKit> {
    const server = serverFor(kind);
    if (server) await requireServer(mocha, server);
    const clock = new FixedClock();
    const t = await startTestApp(await freshDatabaseEnv(kind), env, { replace: (w) => w.replace(T.Clock, clock) });
    const kit = new AccessTokenKit(t, clock);
    await kit.registerClient(CLIENT_ID);
    return kit;
  }

  close(): Promise<void> {
    return this.t.close();
  }

  /** The form endpoints (/oauth/*), as a client posts to them. */
  get form() {
    return supertest(this.t.app.callback());
  }

  /** The JSON API, each answer checked against the OpenAPI document. */
  get api() {
    return api(this.t.app);
  }

  async registerClient(clientId: string, options: { confidential?: boolean; scopes?: Scope[] } = {}): Promise<string | null> {
    const { secret } = await this.t.composition.get(T.ManageClients).register({
      clientId,
      name: `The ${clientId}`,
      redirectUris: [],
      grants: ['device_code', 'refresh_token'],
      scopes: options.scopes ?? ['posts:read', 'posts:write', 'accounts:read', 'accounts:write', 'apikeys:write', 'stats:read'],
      confidential: options.confidential ?? false,
    });
    return secret;
  }

  /** POST /oauth/device/authorize for the agent: the device code to poll with and the user code to approve. */
  async startDevice(scope?: string, clientId = CLIENT_ID): Promise<{ device_code: string; user_code: string }> {
    const res = await this.form
      .post('/oauth/device/authorize')
      .type('form')
      .send({ client_id: clientId, ...(scope === undefined ? {} : { scope }) });
    expect(res.status, res.text).to.equal(200);
    return res.body;
  }

  /** The person's decision, through the approval page's use case. */
  approve(userId: string, userCode: string, workspaceId: string, scopes: Scope[]): Promise<unknown> {
    return this.t.composition.get(T.DeviceApproval).decide(userId, userCode, { approve: true, workspaceId, scopes });
  }

  poll(deviceCode: string, clientId = CLIENT_ID) {
    return this.form.post('/oauth/token').type('form').send({ grant_type: DEVICE_GRANT, device_code: deviceCode, client_id: clientId });
  }

  refresh(refreshToken: string, clientId = CLIENT_ID) {
    return this.form.post('/oauth/token').type('form').send({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId });
  }

  revoke(token: string, clientId = CLIENT_ID) {
    return this.form.post('/oauth/revoke').type('form').send({ token, client_id: clientId });
  }

  introspect(token: string, clientId = CLIENT_ID) {
    return this.form.post('/oauth/introspect').type('form').send({ token, client_id: clientId });
  }

  /** A real token by the device flow: started and polled over HTTP, approved by the person for one workspace. */
  async deviceToken(userId: string, workspaceId: string, scopes: Scope[]): Promise<TokenAnswer & { refresh_token: string }> {
    const started = await this.startDevice(scopes.join(' '));
    await this.approve(userId, started.user_code, workspaceId, scopes);
    const res = await this.poll(started.device_code);
    expect(res.status, res.text).to.equal(200);
    return res.body;
  }

  /** The key that signs now (its private half, as the server holds it). */
  signingKey(): Promise<{ kid: string; privateKey: CryptoKey }> {
    return this.t.composition.get(T.KeyRing).signingKey();
  }

  get issuer(): string {
    return this.t.config.oauth.issuer;
  }
}

/** The claims of a token the server signs for a family, to be signed again as a forger would. */
export function accessClaims(answer: { access_token: string }): JWTPayload {
  return JSON.parse(Buffer.from(answer.access_token.split('.')[1]!, 'base64url').toString('utf8')) as JWTPayload;
}

/** Signs `payload` with ES256 and the given header fields (typ at+jwt unless told otherwise). */
export function signAs(payload: JWTPayload, key: { kid: string; privateKey: CryptoKey }, header: { typ?: string } = {}): Promise<string> {
  return new SignJWT(payload).setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: header.typ ?? 'at+jwt' }).sign(key.privateKey);
}

/** An unsecured JWT (alg none, RFC 7519 §6): no signature at all. */
export function unsigned(payload: JWTPayload, kid: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', kid, typ: 'at+jwt' })}.${part(payload)}.`;
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A person's browser on the pages: its cookies kept between requests, each form sent back with its CSRF token. */
export class Browser {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly kit: AccessTokenKit) {}

  private remember(res: { headers: Record<string, unknown> }): void {
    for (const line of (res.headers['set-cookie'] as string[] | undefined) ?? []) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const [name, value] = [pair!.slice(0, at), pair!.slice(at + 1)];
      if (value === '' || /Max-Age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  private get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async get(path: string) {
    const res = await this.kit.form.get(path).set('Cookie', this.cookieHeader);
    this.remember(res);
    return res;
  }

  /** Posts a form of the page last read, with that page's `_csrf`. */
  async post(path: string, page: { text: string }, form: Record<string, string>) {
    const csrf = /name="_csrf" value="([^"]+)"/.exec(page.text)?.[1] ?? '';
    const res = await this.kit.form
      .post(path)
      .set('Cookie', this.cookieHeader)
      .type('form')
      .send({ _csrf: csrf, ...form });
    this.remember(res);
    return res;
  }

  async signIn(email: string, password: string): Promise<void> {
    const res = await this.post('/signin', await this.get('/signin'), { email, password, next: '/device' });
    expect(res.status, res.text).to.equal(303);
  }

  /** Opens verification_uri_complete, then approves for `workspaceId` with only `scopes` ticked. */
  async approveDevice(userCode: string, workspaceId: string, scopes: readonly Scope[]) {
    const page = await this.get(`/device?user_code=${encodeURIComponent(userCode)}`);
    expect(page.status, page.text).to.equal(200);
    const ticked = Object.fromEntries(scopes.map((s) => [`scope.${s}`, '1']));
    const user_code = /name="user_code" value="([^"]+)"/.exec(page.text)![1]!;
    return this.post('/device/decide', page, { user_code, workspace: workspaceId, ...ticked, decision: 'approve' });
  }
}
