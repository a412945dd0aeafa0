import { expect } from 'chai';
import { OWNER_EMAIL, PASSWORD } from '../../support/data/people';
import { type OAuthService } from '../../support/oauthKit/service';

import { AUTHORIZE_PATH, startPages, startDevice, rowsOf } from './pageGuardsWorld';

/**
 * What the pages promise a browser, by HTTP (docs/decisions.md, "Signing in" and "OAuth server";
 * docs/surfaces.md): no framing, the session cookie's attributes, anonymous visits that store
 * nothing, and a `next` that never leaves the site.
 */
describe('OAuth pages: headers, the session cookie, anonymous visits and `next`', function () {
  this.timeout(30_000);
  let kit: OAuthService;

  before(async function () {
    kit = await startPages(this);
  });
  after(async () => {
    await kit?.stop();
  });

  const sessionCookieOf = (lines: readonly string[]) => lines.find((line) => /dispatch_session=[^;]+/.test(line));

  it('every page forbids framing: CSP frame-ancestors none and X-Frame-Options DENY', async () => {
    const anonymous = kit.browser();
    const person = kit.browser();
    await person.signIn();
    const pages = [
      await anonymous.get('/signin'),
      await person.get('/signin'),
      await person.get('/device'),
      await person.get(`/device?user_code=${await startDevice(kit)}`),
      await person.get(AUTHORIZE_PATH),
      await person.post('/signin', { _csrf: 'wrong' }),
    ];
    expect(pages.map((p) => p.status)).to.deep.equal([200, 200, 200, 200, 200, 403]);
    for (const page of pages) {
      expect(page.headers.get('content-security-policy')).to.match(/(^|; )frame-ancestors 'none'(;|$)/);
      expect(page.headers.get('x-frame-options')).to.equal('DENY');
    }
  });

  it('the session cookie is HttpOnly and SameSite=Lax, and not Secure over http', async () => {
    const browser = kit.browser();
    await browser.get('/signin');
    const answer = await browser.post('/signin', { _csrf: browser.csrf, next: '/device', email: OWNER_EMAIL, password: PASSWORD });
    const cookie = sessionCookieOf(answer.setCookies);
    expect(cookie).to.match(/^dispatch_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).to.match(/; HttpOnly(;|$)/);
    expect(cookie).to.match(/; SameSite=Lax(;|$)/);
    expect(cookie).not.to.match(/Secure/);
  });

  it('with an https BASE_URL the session cookie is Secure and __Host- prefixed (Path=/, no Domain)', async function () {
    const secure = await startPages(this, { BASE_URL: 'https://dispatch.example' });
    try {
      const browser = secure.browser();
      await browser.get('/signin');
      expect(browser.cookies).to.include('__Host-dispatch_csrf');
      const answer = await browser.post('/signin', { _csrf: browser.csrf, next: '/device', email: OWNER_EMAIL, password: PASSWORD });
      expect(answer.status, answer.text).to.equal(303);
      const cookie = sessionCookieOf(answer.setCookies);
      expect(cookie).to.match(/^__Host-dispatch_session=[A-Za-z0-9_-]{43};/);
      for (const attribute of ['HttpOnly', 'SameSite=Lax', 'Secure', 'Path=/']) expect(cookie).to.match(new RegExp(`; ${attribute}(;|$)`));
      expect(cookie).not.to.match(/Domain=/i);
      expect((await browser.get('/device')).status, 'the prefixed cookie is the one read back').to.equal(200);
    } finally {
      await secure.stop();
    }
  });

  it('an anonymous GET /device?user_code=… goes to sign in and changes no device row', async () => {
    const userCode = await startDevice(kit);
    const before = await rowsOf(kit, 'oauth_device_authorizations');
    const answer = await kit.browser().get(`/device?user_code=${userCode}`);
    expect(answer.status).to.equal(303);
    const to = new URL(answer.location!, 'http://x');
    expect(to.pathname).to.equal('/signin');
    expect(to.searchParams.get('next')).to.equal(`/device?user_code=${userCode}`);
    expect(await rowsOf(kit, 'oauth_device_authorizations')).to.deep.equal(before);
  });

  it('an anonymous GET /oauth/authorize goes to sign in, stores no consent ticket, and comes back there after sign-in', async () => {
    const browser = kit.browser();
    const before = await rowsOf(kit, 'oauth_consent_tickets');
    const answer = await browser.get(AUTHORIZE_PATH);
    expect(answer.status).to.equal(303);
    const to = new URL(answer.location!, 'http://x');
    expect(to.pathname).to.equal('/signin');
    expect(await rowsOf(kit, 'oauth_consent_tickets')).to.deep.equal(before);
    await browser.get(`${to.pathname}${to.search}`);
    const signedIn = await browser.post('/signin', { _csrf: browser.csrf, next: to.searchParams.get('next')!, email: OWNER_EMAIL, password: PASSWORD });
    expect(signedIn.location).to.equal(AUTHORIZE_PATH);
  });

  for (const next of ['//evil.example', 'https://evil.example', '/\\evil.example', '//evil.example/device', 'javascript:alert(1)']) {
    it(`never follows next=${next} off the site, after sign-in or when already signed in`, async () => {
      const browser = kit.browser();
      await browser.get(`/signin?next=${encodeURIComponent(next)}`);
      expect(browser.csrf).not.to.equal('');
      const answer = await browser.post('/signin', { _csrf: browser.csrf, next, email: OWNER_EMAIL, password: PASSWORD });
      expect(answer.status).to.equal(303);
      expect(answer.location).to.equal('/signin');
      const again = await browser.get(`/signin?next=${encodeURIComponent(next)}`);
      expect(again.status).to.equal(200);
      expect(again.text).to.include('You are signed in');
      expect(again.location).to.equal(null);
    });
  }
});
