import { expect } from 'chai';
import supertest from 'supertest';
import { TOKENS } from '../../../config/tokens';
import { OWNER_EMAIL, PASSWORD } from '../../support/data/people';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../../support/testApp';

export const WEB_CLIENT = 'web-app';
export const DEVICE_CLIENT = 'cli-agent';
export const REDIRECT_URI = 'http://127.0.0.1:9/callback';

/** The service (SQLite) with the person's workspace and a web app registered for the code flow. */
export async function startPagesApp(env: Record<string, string> = {}): Promise<{ t: TestApp; workspaceId: string }> {
  const t = await startTestApp(await freshDatabaseEnv('sqlite'), env);
  await t.given.user(OWNER_EMAIL);
  const workspaceId = await t.given.workspace(OWNER_EMAIL, 'Home');
  const clients = t.composition.get(TOKENS.ManageClients);
  const device = { name: 'CLI Agent', redirectUris: [], grants: ['device_code' as const], scopes: ['posts:read' as const], confidential: false };
  await clients.register({ ...device, clientId: DEVICE_CLIENT });
  await clients.register({
    clientId: WEB_CLIENT,
    name: 'Web App',
    redirectUris: [REDIRECT_URI],
    grants: ['authorization_code'],
    scopes: ['posts:read'],
    confidential: false,
  });
  return { t, workspaceId };
}

/** A valid authorization request of the web app (the challenge is any 43 characters: nothing redeems it here). */
export const AUTHORIZE_PATH = `/oauth/authorize?${new URLSearchParams({
  response_type: 'code',
  client_id: WEB_CLIENT,
  redirect_uri: REDIRECT_URI,
  scope: 'posts:read',
  state: 'st-1',
  code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGUMHhMZ8Y',
  code_challenge_method: 'S256',
})}`;

/**
 * A browser as far as these pages can tell: it keeps the cookies it is given (Secure ones too, so
 * an https BASE_URL can be tested over supertest) and reads the CSRF token out of each page.
 */
export class Visitor {
  readonly cookies = new Map<string, string>();
  csrf = '';

  constructor(private readonly t: TestApp) {}

  async get(path: string): Promise<supertest.Response> {
    return this.keep(await supertest(this.t.app.callback()).get(path).set('Cookie', this.cookieHeader()));
  }

  async post(path: string, form: Record<string, string>): Promise<supertest.Response> {
    const request = supertest(this.t.app.callback()).post(path).type('form').set('Cookie', this.cookieHeader());
    return this.keep(await request.send(form));
  }

  /** Opens the sign-in page and signs in with the right password. */
  async signIn(email = OWNER_EMAIL): Promise<void> {
    await this.get('/signin');
    const answer = await this.post('/signin', { _csrf: this.csrf, next: '/signin', email, password: PASSWORD });
    expect(answer.status, answer.text).to.equal(303);
  }

  /** The consent page's form fields (the ticket and the scope boxes), as a browser would post them approving. */
  async consentForm(): Promise<Record<string, string>> {
    const page = await this.get(AUTHORIZE_PATH);
    expect(page.status, page.text).to.equal(200);
    const ticket = /name="ticket" value="([^"]+)"/.exec(page.text)?.[1];
    const workspace = /name="workspace" value="([^"]+)" checked/.exec(page.text)?.[1];
    return { _csrf: this.csrf, ticket: ticket!, workspace: workspace!, 'scope.posts:read': '1', decision: 'approve' };
  }

  setCookies(answer: supertest.Response): string[] {
    const raw = answer.headers['set-cookie'] as unknown as string[] | undefined;
    return raw ?? [];
  }

  private keep(answer: supertest.Response): supertest.Response {
    for (const line of this.setCookies(answer)) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at);
      const value = pair!.slice(at + 1);
      if (value === '' || /Max-Age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const token = /name="_csrf" value="([^"]+)"/.exec(answer.text ?? '')?.[1];
    if (token !== undefined) this.csrf = token;
    return answer;
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** A device's request for a code, as the device sends it: its user code. */
export async function startDevice(t: TestApp): Promise<string> {
  const answer = await supertest(t.app.callback()).post('/oauth/device/authorize').type('form').send({ client_id: DEVICE_CLIENT, scope: 'posts:read' });
  expect(answer.status, answer.text).to.equal(200);
  return answer.body.user_code as string;
}

/** Rows of a table, for "stores nothing". */
export async function rowsOf(t: TestApp, table: string): Promise<unknown[]> {
  return t.dataSource.query(`SELECT * FROM ${table}`);
}
