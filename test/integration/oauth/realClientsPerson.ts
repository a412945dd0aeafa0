import { expect } from 'chai';
import { PASSWORD } from '../../support/data/people';

/** What a page answered: its status, where a redirect points (absolute), and the HTML. */
export interface PageAnswer {
  readonly status: number;
  readonly location: string | null;
  readonly html: string;
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

/**
 * A person at a browser, driven by plain HTTP: a cookie jar (the CSRF cookie, the session
 * cookie), no redirect followed by itself, forms submitted with the fields the page gave.
 */
export class Person {
  private readonly jar = new Map<string, string>();

  constructor(
    private readonly baseUrl: string,
    readonly email: string,
  ) {}

  async get(pathOrUrl: string): Promise<PageAnswer> {
    return this.request(pathOrUrl, { method: 'GET' });
  }

  async post(path: string, fields: Record<string, string>): Promise<PageAnswer> {
    return this.request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  }

  /** GET /signin, then POST /signin with the page's `_csrf`: the session cookie is in the jar. */
  async signIn(): Promise<void> {
    const page = await this.get('/signin');
    expect(page.status, page.html).to.equal(200);
    const answer = await this.post('/signin', { ...formFields(page.html, '/signin'), email: this.email, password: PASSWORD });
    expect(answer.status, answer.html).to.equal(303);
    expect([...this.jar.keys()]).to.include('dispatch_session');
  }

  /** Opens the device page at `verificationUri` (the code already in it) and approves for `workspaceId`. */
  async approveDevice(verificationUri: string, workspaceId: string): Promise<PageAnswer> {
    const page = await this.get(verificationUri);
    expect(page.status, page.html).to.equal(200);
    return this.post('/device/decide', { ...formFields(page.html, '/device/decide'), workspace: workspaceId, decision: 'approve' });
  }

  /** Opens the authorization URL, consents for `workspaceId`: the finalize answer (a 303 to the client). */
  async consent(authorizationUrl: string, workspaceId: string): Promise<PageAnswer> {
    const page = await this.get(authorizationUrl);
    expect(page.status, page.html).to.equal(200);
    const fields = formFields(page.html, '/oauth/authorize/finalize');
    return this.post('/oauth/authorize/finalize', { ...fields, workspace: workspaceId, decision: 'approve' });
  }

  private async request(pathOrUrl: string, init: RequestInit): Promise<PageAnswer> {
    const url = new URL(pathOrUrl, this.baseUrl);
    const cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), ...(cookie ? { Cookie: cookie } : {}) },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair!.indexOf('=');
      const [name, value] = [pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim()];
      if (value === '' || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a))) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    const location = response.headers.get('location');
    return { status: response.status, location: location === null ? null : new URL(location, url).href, html: await response.text() };
  }
}
