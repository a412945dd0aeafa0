import { expect } from 'chai';
import { type Scope } from '../../../domain/credential/Scope';
import { OWNER_EMAIL, PASSWORD } from '../data/people';

/** What a page answered: its status, its Location as sent (null when none), its text, its headers. */
export interface PageAnswer {
  readonly status: number;
  readonly location: string | null;
  readonly text: string;
  readonly headers: Headers;
  /** The Set-Cookie lines, as sent. */
  readonly setCookies: readonly string[];
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const unescapeHtml = (text: string): string => text.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]!);

/**
 * The fields a browser would submit from the page's form posting to `action`, untouched:
 * hidden inputs, ticked checkboxes, the checked radio, typed values. Buttons are left out.
 */
export function formFields(html: string, action: string): Record<string, string> {
  const form = new RegExp(`<form method="post" action="${action.replace(/[/.]/g, '\\$&')}">([\\s\\S]*?)</form>`).exec(html);
  if (form === null) throw new Error(`no form posting to ${action} on the page:\n${html}`);
  const fields: Record<string, string> = {};
  for (const [, attributes] of form[1]!.matchAll(/<input\b([^>]*)>/g)) {
    const attr = (name: string) => new RegExp(`\\b${name}(?:="([^"]*)")?`).exec(attributes!);
    const name = attr('name')?.[1];
    const type = attr('type')?.[1] ?? 'text';
    if (name === undefined) continue;
    if ((type === 'checkbox' || type === 'radio') && attr('checked') === null) continue;
    fields[unescapeHtml(name)] = unescapeHtml(attr('value')?.[1] ?? (type === 'checkbox' ? 'on' : ''));
  }
  return fields;
}

/** The value of the hidden field `name` on a page. */
export function hiddenField(page: string, name: string): string {
  const value = new RegExp(`name="${name}" value="([^"]*)"`).exec(page)?.[1];
  if (value === undefined) throw new Error(`no ${name} field on the page:\n${page}`);
  return value;
}

/** The scope boxes of a form, only `scopes` ticked. */
function ticking(fields: Record<string, string>, scopes: readonly Scope[]): Record<string, string> {
  const unticked = Object.fromEntries(Object.entries(fields).filter(([name]) => !name.startsWith('scope.')));
  return { ...unticked, ...Object.fromEntries(scopes.map((s) => [`scope.${s}`, '1'])) };
}

/**
 * A person's browser on the service's pages, driven by plain HTTP: a cookie jar (kept whatever
 * the cookies' attributes, so an https BASE_URL's Secure and __Host- cookies too), no redirect
 * followed by itself, and the CSRF token of the last page that carried one.
 */
export class Browser {
  private readonly jar = new Map<string, string>();
  /** The `_csrf` of the last page read that had a form. */
  csrf = '';

  constructor(private readonly baseUrl: string) {}

  /** The names of the cookies the browser holds. */
  get cookies(): string[] {
    return [...this.jar.keys()];
  }

  cookie(name: string): string | undefined {
    return this.jar.get(name);
  }

  get(pathOrUrl: string): Promise<PageAnswer> {
    return this.request(pathOrUrl, { method: 'GET' });
  }

  /** Posts `fields` as a form, exactly as given (a test adds the `_csrf` it means to send). */
  post(path: string, fields: Record<string, string>): Promise<PageAnswer> {
    return this.request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  }

  /** Submits the form of `page` posting to `action` with the fields the page gave, `changes` over them. */
  submit(page: PageAnswer, action: string, changes: Record<string, string> = {}): Promise<PageAnswer> {
    return this.post(action, { ...formFields(page.text, action), ...changes });
  }

  /** The CSRF token of this browser's forms, read from a fresh sign-in page. */
  async freshCsrf(): Promise<string> {
    await this.get('/signin');
    return this.csrf;
  }

  /** GET /signin, then POST /signin with the page's fields: the session cookie is in the jar. */
  async signIn(email = OWNER_EMAIL, password = PASSWORD): Promise<void> {
    const page = await this.get('/signin');
    expect(page.status, page.text).to.equal(200);
    const answer = await this.submit(page, '/signin', { email, password, next: '/signin' });
    expect(answer.status, answer.text).to.equal(303);
    expect(
      this.cookies.some((name) => /dispatch_session$/.test(name)),
      'a session cookie',
    ).to.equal(true);
  }

  /** Opens the authorization URL and consents for `workspaceId` (the scopes ticked as the page offers, or only `scopes`): finalize's answer. */
  async consent(authorizationUrl: string, workspaceId: string, scopes?: readonly Scope[]): Promise<PageAnswer> {
    const page = await this.get(authorizationUrl);
    expect(page.status, page.text).to.equal(200);
    const fields = formFields(page.text, '/oauth/authorize/finalize');
    return this.post('/oauth/authorize/finalize', { ...(scopes ? ticking(fields, scopes) : fields), workspace: workspaceId, decision: 'approve' });
  }

  /** Opens the device page at `verificationUri` (the code in it) and approves for `workspaceId` (only `scopes` ticked, if given). */
  async approveDevice(verificationUri: string, workspaceId: string, scopes?: readonly Scope[]): Promise<PageAnswer> {
    const page = await this.get(verificationUri);
    expect(page.status, page.text).to.equal(200);
    const fields = formFields(page.text, '/device/decide');
    return this.post('/device/decide', { ...(scopes ? ticking(fields, scopes) : fields), workspace: workspaceId, decision: 'approve' });
  }

  /** Types the user code on the device page, then approves or denies it for `workspaceId` with `scopes` ticked: the decision's answer. */
  async decideTypedCode(userCode: string, workspaceId: string, decision: 'approve' | 'deny', scopes: readonly Scope[]): Promise<PageAnswer> {
    const csrf = await this.freshCsrf();
    const review = await this.post('/device', { _csrf: csrf, user_code: userCode });
    expect(review.status, 'the approval page').to.equal(200);
    const ticked = Object.fromEntries(scopes.map((s) => [`scope.${s}`, '1']));
    return this.post('/device/decide', { _csrf: csrf, user_code: userCode, workspace: workspaceId, decision, ...ticked });
  }

  private async request(pathOrUrl: string, init: RequestInit): Promise<PageAnswer> {
    const url = new URL(pathOrUrl, this.baseUrl);
    const cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), ...(cookie ? { Cookie: cookie } : {}) },
    });
    const setCookies = response.headers.getSetCookie();
    for (const line of setCookies) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair!.indexOf('=');
      const [name, value] = [pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim()];
      if (value === '' || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a))) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    const text = await response.text();
    const token = /name="_csrf" value="([^"]+)"/.exec(text)?.[1];
    if (token !== undefined) this.csrf = token;
    return { status: response.status, location: response.headers.get('location'), text, headers: response.headers, setCookies };
  }
}
