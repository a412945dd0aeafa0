/** A browser of its own: a cookie jar, redirects not followed (the tests read each 303). */
export class Browser {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly base: string) {}

  get(path: string): Promise<Response> {
    return this.send(path, { method: 'GET' });
  }

  post(path: string, form: Record<string, string>): Promise<Response> {
    return this.send(path, { method: 'POST', body: new URLSearchParams(form), headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
  }

  /** The CSRF token this browser's forms carry. */
  async csrf(): Promise<string> {
    return csrfIn(await (await this.get('/signin')).text());
  }

  private async send(path: string, init: RequestInit): Promise<Response> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const headers = new Headers(init.headers);
    if (cookie !== '') headers.set('Cookie', cookie);
    const res = await fetch(`${this.base}${path}`, { ...init, headers, redirect: 'manual' });
    for (const set of res.headers.getSetCookie()) {
      const [pair] = set.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return res;
  }
}

export const hiddenField = (page: string, name: string): string => {
  const value = new RegExp(`name="${name}" value="([^"]*)"`).exec(page)?.[1];
  if (value === undefined) throw new Error(`no ${name} field on the page:\n${page}`);
  return value;
};
export const csrfIn = (page: string) => hiddenField(page, '_csrf');
