import { expect } from 'chai';
import { STRANGER_EMAIL } from '../../support/data/people';
import { type Browser, formFields, type PageAnswer } from '../../support/oauthKit/browser';
import { type OAuthService } from '../../support/oauthKit/service';
import { REDIRECT_URI, AUTHORIZE_PATH, startPages, startDevice, rowsOf } from './pageGuardsWorld';

/** The consent page's form fields (the ticket, the workspace, the scope boxes), as a browser would post them approving. */
async function consentForm(browser: Browser): Promise<Record<string, string>> {
  const page = await browser.get(AUTHORIZE_PATH);
  expect(page.status, page.text).to.equal(200);
  return { ...formFields(page.text, '/oauth/authorize/finalize'), decision: 'approve' };
}

/**
 * The guards of the sign-in and consent pages, by HTTP (docs/decisions.md, "Signing in" and
 * "OAuth server"): every form needs its browser's CSRF token, finalize needs the session and
 * takes its ticket once.
 */
describe('OAuth pages: CSRF, session and single-use guards', function () {
  this.timeout(30_000);
  let kit: OAuthService;

  before(async function () {
    kit = await startPages(this);
  });
  afterEach(async () => {
    // Each test counts the codes it made.
    await kit.t.dataSource.query('DELETE FROM oauth_tokens');
  });
  after(async () => {
    await kit?.stop();
  });

  const refusedAsPage = (answer: PageAnswer, status: number) => {
    expect(answer.status).to.equal(status);
    expect(answer.headers.get('content-type')?.split(';')[0]).to.equal('text/html');
    expect(answer.location, 'no redirect').to.equal(null);
  };

  for (const [label, csrf] of [
    ['without', undefined],
    ['with a wrong', 'A'.repeat(43)],
  ] as const) {
    it(`refuses sign-in ${label} _csrf with a 403 page and no session, though the password is right`, async () => {
      const browser = kit.browser();
      await browser.get('/signin');
      const form: Record<string, string> = { next: '/device', email: 'owner@example.com', password: 'correct horse battery staple' };
      if (csrf !== undefined) form._csrf = csrf;
      const answer = await browser.post('/signin', form);
      refusedAsPage(answer, 403);
      expect(answer.text).to.include('did not come from this site');
      expect(browser.cookies).not.to.include('dispatch_session');
      // The same form with the page's token signs in: the refusal was the token's.
      expect((await browser.post('/signin', { ...form, _csrf: browser.csrf })).status).to.equal(303);
    });

    it(`refuses sign-out ${label} _csrf with a 403 page, and the session lives on`, async () => {
      const browser = kit.browser();
      await browser.signIn();
      const form: Record<string, string> = csrf === undefined ? {} : { _csrf: csrf };
      refusedAsPage(await browser.post('/signout', form), 403);
      expect((await browser.get('/device')).status, 'still signed in').to.equal(200);
      expect((await browser.post('/signout', { _csrf: browser.csrf })).status).to.equal(200);
      expect((await browser.get('/device')).status, 'signed out').to.equal(303);
    });
  }

  it('refuses finalize without a session: a 401 page, no redirect, and the ticket still works for its owner', async () => {
    const person = kit.browser();
    await person.signIn();
    const form = await consentForm(person);
    const stranger = kit.browser();
    await stranger.get('/signin');
    const answer = await stranger.post('/oauth/authorize/finalize', { ...form, _csrf: stranger.csrf });
    refusedAsPage(answer, 401);
    expect(answer.text).to.include('You are not signed in');
    expect(await rowsOf(kit, 'oauth_tokens')).to.have.length(0);
    const approved = await person.post('/oauth/authorize/finalize', form);
    expect(approved.status).to.equal(303);
    expect(approved.location).to.match(new RegExp(`^${REDIRECT_URI}\\?code=`));
  });

  it('refuses finalize with a bad CSRF token: a 403 page, no code', async () => {
    const person = kit.browser();
    await person.signIn();
    const form = await consentForm(person);
    refusedAsPage(await person.post('/oauth/authorize/finalize', { ...form, _csrf: 'B'.repeat(43) }), 403);
    const { _csrf, ...withoutToken } = form;
    refusedAsPage(await person.post('/oauth/authorize/finalize', withoutToken), 403);
    expect(await rowsOf(kit, 'oauth_tokens')).to.have.length(0);
    expect((await person.post('/oauth/authorize/finalize', form)).status).to.equal(303);
  });

  it('takes a consent form once: the same form posted again is a 400 page and makes no second code', async () => {
    const person = kit.browser();
    await person.signIn();
    const form = await consentForm(person);
    const first = await person.post('/oauth/authorize/finalize', form);
    expect(first.status).to.equal(303);
    expect(new URL(first.location!).searchParams.get('state')).to.equal('st-1');
    expect(await rowsOf(kit, 'oauth_tokens')).to.have.length(1);
    const replay = await person.post('/oauth/authorize/finalize', form);
    refusedAsPage(replay, 400);
    expect(await rowsOf(kit, 'oauth_tokens')).to.have.length(1);
  });

  it('refuses a consent form posted by another signed-in person: a 400 page, no redirect, no code', async () => {
    await kit.t.given.user(STRANGER_EMAIL);
    const person = kit.browser();
    await person.signIn();
    const form = await consentForm(person);
    const other = kit.browser();
    await other.signIn(STRANGER_EMAIL);
    await other.get('/device');
    refusedAsPage(await other.post('/oauth/authorize/finalize', { ...form, _csrf: other.csrf }), 400);
    expect(await rowsOf(kit, 'oauth_tokens')).to.have.length(0);
  });

  it('sends an anonymous POST /device/decide to sign in and leaves the code undecided', async () => {
    const userCode = await startDevice(kit);
    const before = await rowsOf(kit, 'oauth_device_authorizations');
    const anonymous = kit.browser();
    await anonymous.get('/signin');
    const answer = await anonymous.post('/device/decide', { _csrf: anonymous.csrf, user_code: userCode, decision: 'deny' });
    expect(answer.status).to.equal(303);
    expect(new URL(answer.location!, 'http://x').pathname).to.equal('/signin');
    expect(await rowsOf(kit, 'oauth_device_authorizations')).to.deep.equal(before);
  });
});
