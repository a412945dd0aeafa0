import { existsSync, mkdirSync } from 'node:fs';
import { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { expect } from 'chai';
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { type Scope } from '../../domain/credential/Scope';
import { TOKENS } from '../../config/tokens';
import { LocalHttpServer } from '../support/localHttpServer';
import { OTHER_OWNER_EMAIL, OWNER_EMAIL, PASSWORD } from '../support/data/people';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../support/testApp';

const CHROMIUM = '/usr/bin/chromium';
const ARTIFACTS = path.join(__dirname, '..', '..', 'test-artifacts');

/** The scopes both test clients are registered for (an editor's role allows them all). */
export const CLIENT_SCOPES: readonly Scope[] = ['accounts:read', 'media:write', 'posts:read', 'posts:write'];
export const DEVICE_CLIENT = 'cli-agent';
export const WEB_CLIENT = 'web-app';

/**
 * The service listening on 127.0.0.1 (SQLite, BASE_URL its own address), a tiny web app on
 * another port whose /callback is the code flow's redirect URI, and headless Chromium. The
 * person (OWNER_EMAIL) owns "Home" and is an editor of "Team" (docs/decisions.md, "OAuth server").
 */
export class OAuthBrowserKit {
  private constructor(
    readonly t: TestApp,
    private readonly server: LocalHttpServer,
    private readonly webApp: LocalHttpServer,
    private readonly browser: Browser,
    readonly home: string,
    readonly team: string,
  ) {}

  static async start(): Promise<OAuthBrowserKit> {
    if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install it with "apt-get update && apt-get install -y chromium"`);
    let handle: ((request: IncomingMessage, response: ServerResponse) => void) | null = null;
    const server = await LocalHttpServer.start('127.0.0.1', (request, response) => handle?.(request, response));
    const webApp = await LocalHttpServer.start('127.0.0.1', (request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><title>Web app</title><h1>Back at the web app</h1><p>${request.url?.length ?? 0} characters came back</p>`);
    });
    const t = await startTestApp(await freshDatabaseEnv('sqlite'), { BASE_URL: server.url('') });
    handle = t.app.callback();
    await t.given.user(OWNER_EMAIL);
    await t.given.user(OTHER_OWNER_EMAIL);
    const home = await t.given.workspace(OWNER_EMAIL, 'Home');
    const team = await t.given.workspace(OTHER_OWNER_EMAIL, 'Team');
    await t.given.member(team, OWNER_EMAIL, 'editor');
    const clients = t.composition.get(TOKENS.ManageClients);
    const common = { scopes: CLIENT_SCOPES, confidential: false };
    await clients.register({ ...common, clientId: DEVICE_CLIENT, name: 'CLI Agent', redirectUris: [], grants: ['device_code', 'refresh_token'] });
    await clients.register({ ...common, clientId: WEB_CLIENT, name: 'Web App', redirectUris: [webApp.url('/callback')], grants: ['authorization_code'] });
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    });
    return new OAuthBrowserKit(t, server, webApp, browser, home, team);
  }

  get baseUrl(): string {
    return this.server.url('');
  }

  get redirectUri(): string {
    return this.webApp.url('/callback');
  }

  /** How many requests the web app's server has had (its redirect URI is the only page it serves). */
  get webAppRequests(): number {
    return this.webApp.requests;
  }

  /** A fresh browser (its own cookies) with one page open. */
  async newPage(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await this.browser.newContext();
    return { context, page: await context.newPage() };
  }

  /** Types the email and password into the sign-in page the browser is on, and submits. */
  async typeCredentials(page: Page, email = OWNER_EMAIL, password = PASSWORD): Promise<void> {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForLoadState();
  }

  async screenshot(page: Page, name: string): Promise<void> {
    mkdirSync(ARTIFACTS, { recursive: true });
    const file = path.join(ARTIFACTS, `oauth-${name}.png`);
    await page.screenshot({ path: file, fullPage: true });
    expect(existsSync(file)).to.equal(true);
  }

  /** A form POST to the service, as a device or a client sends it (not the browser). */
  async post(pathname: string, form: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> {
    const response = await fetch(`${this.baseUrl}${pathname}`, { method: 'POST', body: new URLSearchParams(form) });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  /** The device's request: the device code, the user code and where the person goes. */
  async startDevice(workspaceHint?: string): Promise<{ deviceCode: string; userCode: string; complete: string }> {
    const form: Record<string, string> = { client_id: DEVICE_CLIENT, scope: CLIENT_SCOPES.join(' ') };
    if (workspaceHint !== undefined) form.workspace_id = workspaceHint;
    const { status, body } = await this.post('/oauth/device/authorize', form);
    expect(status, JSON.stringify(body)).to.equal(200);
    return { deviceCode: body.device_code as string, userCode: body.user_code as string, complete: body.verification_uri_complete as string };
  }

  /** One poll of the token endpoint by the device. */
  pollDevice(deviceCode: string) {
    return this.post('/oauth/token', { grant_type: 'urn:ietf:params:oauth:grant-type:device_code', device_code: deviceCode, client_id: DEVICE_CLIENT });
  }

  /** An access token checked as the API's clients would: signature by the published keys, issuer, audience, typ. */
  async verified(accessToken: string): Promise<JWTPayload> {
    const keys = createRemoteJWKSet(new URL(`${this.baseUrl}/.well-known/jwks.json`));
    const { payload } = await jwtVerify(accessToken, keys, { issuer: this.baseUrl, typ: 'at+jwt', algorithms: ['ES256'] });
    return payload;
  }

  async close(): Promise<void> {
    await this.browser?.close();
    await this.server.stop();
    await this.webApp.stop();
    await this.t.close();
  }
}
