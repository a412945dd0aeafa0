import { existsSync, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import path from 'node:path';
import { expect } from 'chai';
import { type Browser, chromium } from 'playwright-core';
import { SandboxApp } from '../integration/sandbox/sandboxApp';

const CHROMIUM = '/usr/bin/chromium';
const ARTIFACTS = path.join(__dirname, '..', '..', 'test-artifacts');

/**
 * A published sandbox post's page in a real browser (Debian's chromium, driven by
 * playwright-core): its text is visible once the page chain's CSP and styles apply. The
 * screenshot is kept in test-artifacts/ (docs/decisions.md, "The sandbox platform").
 */
describe('a sandbox post page in headless Chromium', function () {
  this.timeout(60_000);
  let s: SandboxApp;
  let server: Server;
  let browser: Browser;

  before(function () {
    if (!existsSync(CHROMIUM)) {
      throw new Error(`${CHROMIUM} is missing: install it with "apt-get update && apt-get install -y chromium" (.ci/run does this)`);
    }
  });
  beforeEach(async () => {
    s = await SandboxApp.start(['BLUESKY']);
    server = createServer(s.t.app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    });
  });
  afterEach(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => server?.close(() => resolve()) ?? resolve());
    await s?.close();
  });

  it('shows the post and its thread, and keeps a screenshot', async () => {
    const [target] = await s.publishNow(['Hello from the <sandbox> & a browser', 'and a reply under it']);
    const { port } = server.address() as AddressInfo;
    const page = await browser.newPage();
    const cspViolations: string[] = [];
    page.on('console', (message) => {
      // The browser's own /favicon.ico request is a 404 of the API; only a refused style matters here.
      if (message.text().includes('Content Security Policy')) cspViolations.push(message.text());
    });
    const response = await page.goto(`http://127.0.0.1:${port}${new URL(target!.platformPostUrl).pathname}`);
    expect(response?.status()).to.equal(200);
    await page.getByText('Hello from the <sandbox> & a browser').waitFor({ state: 'visible', timeout: 5000 });
    await page.getByText('and a reply under it').waitFor({ state: 'visible', timeout: 5000 });
    expect(await page.title()).to.include('Bluesky');
    // The accent colour comes from the inline <style>, which the page chain's CSP allows.
    const accent = await page
      .locator('.sandbox-post')
      .first()
      .evaluate((el) => el.ownerDocument.defaultView!.getComputedStyle(el).borderLeftColor);
    expect(accent).to.equal('rgb(17, 133, 254)');
    expect(cspViolations).to.deep.equal([]);
    mkdirSync(ARTIFACTS, { recursive: true });
    const file = path.join(ARTIFACTS, 'sandbox-post-bluesky.png');
    await page.screenshot({ path: file, fullPage: true });
    expect(existsSync(file)).to.equal(true);
  });
});
