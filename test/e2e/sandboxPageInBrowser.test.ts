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
    // BASE_URL is the address the browser uses: the pages' media links are made from it.
    const port = await freePort();
    s = await SandboxApp.start(['BLUESKY'], 'sqlite', { BASE_URL: `http://127.0.0.1:${port}` });
    server = createServer(s.t.app.callback());
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
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
    const page = await browser.newPage();
    const cspViolations: string[] = [];
    page.on('console', (message) => {
      // The browser's own /favicon.ico request is a 404 of the API; only a refused style matters here.
      if (message.text().includes('Content Security Policy')) cspViolations.push(message.text());
    });
    const response = await page.goto(target!.platformPostUrl);
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

  it('shows the picture and the video (with its poster frame) of a thread, and keeps a screenshot', async () => {
    const photo = await s.upload('photo');
    const video = await s.upload('video');
    const [target] = await s.publishNow(['A picture', 'and a video under it'], { media: [[photo], [video]] });
    const page = await browser.newPage();
    await page.goto(target!.platformPostUrl);
    const picture = page.locator(`img[alt="media ${photo}"]`);
    await picture.waitFor({ state: 'visible', timeout: 5000 });
    // Loaded through its signed link: a broken image has no natural size.
    expect(await picture.evaluate((img) => (img as unknown as ImageState).naturalWidth)).to.equal(1080);
    const player = page.locator('video');
    await player.waitFor({ state: 'visible', timeout: 5000 });
    expect(await player.getAttribute('poster')).to.match(/\/media\/files\/\w+\/frames\/0\.jpg\?expires=\d+&signature=/);
    const poster = await page.request.get((await player.getAttribute('poster'))!);
    expect(poster.status()).to.equal(200);
    expect(poster.headers()['content-type']).to.equal('image/jpeg');
    // The browser reads the video's metadata through the same signed link (byte ranges).
    const metadata = () =>
      player.evaluate((element) => {
        const v = element as unknown as VideoState;
        return { readyState: v.readyState, duration: v.duration };
      });
    for (let waited = 0; (await metadata()).readyState < 1 && waited < 10_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
    expect(Math.round((await metadata()).duration)).to.equal(5);
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: path.join(ARTIFACTS, 'sandbox-post-bluesky-media.png'), fullPage: true });
  });
});

/** What the test reads of an <img> and a <video> in the page (the tests compile without the DOM's types). */
interface ImageState {
  readonly naturalWidth: number;
}
interface VideoState {
  readonly readyState: number;
  readonly duration: number;
}

/** A port free on 127.0.0.1 now (the server takes it a moment later). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
