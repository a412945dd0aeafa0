import { expect } from 'chai';
import { OWNER_EMAIL, PASSWORD, STRANGER_EMAIL } from '../support/data/people';
import { ChromiumPages } from '../support/oauthKit/chromium';

/**
 * The sign-in page as a person uses it in headless Chromium (docs/decisions.md, "Signing in"):
 * a wrong password says so, the sixth wrong try meets the lockout, and signing out ends the
 * session for good. Screenshots in test-artifacts/oauth-*.png.
 */
describe('the sign-in page in headless Chromium', function () {
  this.timeout(60_000);
  let kit: ChromiumPages;

  before(async function () {
    kit = await ChromiumPages.start(this);
  });
  after(async () => {
    await kit?.close();
  });

  it('says a wrong password is wrong, keeps the email typed, and signs in with the right one', async () => {
    const { context, page } = await kit.newPage();
    await page.goto(`${kit.baseUrl}/signin`);
    await kit.screenshot(page, 'signin');
    await kit.typeCredentials(page, OWNER_EMAIL, 'not the password');
    await page.getByRole('alert').waitFor({ state: 'visible', timeout: 5000 });
    expect(await page.getByRole('alert').textContent()).to.equal('The email or the password is not right.');
    expect(await page.getByLabel('Email').inputValue()).to.equal(OWNER_EMAIL);
    expect(await page.getByLabel('Password').inputValue()).to.equal('');
    await kit.screenshot(page, 'signin-wrong-password');
    await kit.typeCredentials(page, OWNER_EMAIL, PASSWORD);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('You are signed in');
    await kit.screenshot(page, 'signed-in');
    await context.close();
  });

  it('locks the account at the sixth wrong password, and the right one then gets no further', async () => {
    await kit.t.given.user(STRANGER_EMAIL);
    const { context, page } = await kit.newPage();
    await page.goto(`${kit.baseUrl}/signin`);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await kit.typeCredentials(page, STRANGER_EMAIL, `wrong ${attempt}`);
      expect(await page.getByRole('alert').textContent(), `attempt ${attempt}`).to.equal('The email or the password is not right.');
    }
    await kit.typeCredentials(page, STRANGER_EMAIL, 'wrong 6');
    expect(await page.getByRole('alert').textContent()).to.match(/^This account is locked after too many wrong passwords\. Try again in 15 minutes\.$/);
    await kit.screenshot(page, 'signin-locked');
    await kit.typeCredentials(page, STRANGER_EMAIL, PASSWORD);
    expect(await page.getByRole('alert').textContent()).to.match(/^This account is locked/);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('Sign in to Dispatch');
    await context.close();
  });

  it('signs out: the page says so, and the old session cookie opens nothing any more', async () => {
    const { context, page } = await kit.newPage();
    await page.goto(`${kit.baseUrl}/signin`);
    await kit.typeCredentials(page);
    await page.goto(`${kit.baseUrl}/device`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('Connect a device');
    const session = (await context.cookies()).find((c) => c.name === 'dispatch_session');
    expect(session?.httpOnly).to.equal(true);
    expect(session?.sameSite).to.equal('Lax');
    await kit.screenshot(page, 'device-enter-code');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForLoadState();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('You are signed out');
    await kit.screenshot(page, 'signed-out');
    expect((await context.cookies()).map((c) => c.name)).not.to.include('dispatch_session');

    // The same cookie put back (as a thief who copied it would) is refused: the session was revoked, not only forgotten.
    await context.addCookies([session!]);
    await page.goto(`${kit.baseUrl}/device`);
    expect(new URL(page.url()).pathname).to.equal('/signin');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('Sign in to Dispatch');
    await context.close();
  });
});
