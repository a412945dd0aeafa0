import { expect } from 'chai';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { awaitOutput, type ServiceProcess, startServiceProcess } from '../support/serviceProcess';

const ROOT = path.resolve(__dirname, '..', '..');
const README = path.join(ROOT, 'README.md');

/** The shell block that follows `<!-- walkthrough:NAME -->` in README.md, as written there. */
function readmeBlock(name: string): string {
  const readme = fs.readFileSync(README, 'utf8');
  const block = new RegExp(`<!-- walkthrough:${name} -->\\n\`\`\`sh\\n([\\s\\S]*?)\`\`\``).exec(readme);
  if (block === null) throw new Error(`README.md has no walkthrough:${name} block`);
  return block[1]!;
}

/** The block with the newcomer's own values in place of its placeholders. */
const withValues = (block: string, values: { key: string; baseUrl: string; picture?: string }): string =>
  block
    .replace(/^KEY=.*$/m, `KEY=${values.key}`)
    .replace(/^B=.*$/m, `B=${values.baseUrl}`)
    .replace(/^PICTURE=.*$/m, `PICTURE=${values.picture ?? ''}`);

/** Runs a README block as written (bash, stopping at the first failure) in the project's folder. */
async function runBlock(script: string, env: Record<string, string>): Promise<string[]> {
  const { stdout } = await promisify(execFile)('bash', ['-euo', 'pipefail', '-c', script], { timeout: 40_000, cwd: ROOT, env: { ...process.env, ...env } });
  return stdout.trim().split('\n');
}

describe("README: a newcomer's walk through with curl, run as the README writes it", function () {
  this.timeout(60_000);
  let dataDir: string;
  let service: ServiceProcess;

  before(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dispatch-readme-'));
    service = await startServiceProcess({ DATA_DIR: dataDir, NODE_ENV: 'development' });
  });
  after(async () => {
    await service.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints three published targets whose pages open and show the post', async () => {
    const key = (await awaitOutput(service.stderr, /API key:\s+(dsk_[A-Za-z0-9_-]+)/))[1]!;
    const lines = await runBlock(withValues(readmeBlock('publish'), { key, baseUrl: service.baseUrl }), {});
    expect(lines, lines.join('\n')).to.have.length(3);
    for (const line of lines) {
      const [status, url] = line.split(/\s+/);
      expect(status, line).to.equal('published');
      // BASE_URL names the port the service was asked for (0: any); the page's path is what counts.
      const page = await fetch(`${service.baseUrl}${new URL(url!).pathname}`);
      expect(page.status, url).to.equal(200);
      const html = await page.text();
      expect(html).to.include('Hello from Dispatch').and.to.include('A second segment');
    }
  });

  it('uploads a picture, publishes it to Bluesky and Instagram, and both pages show that picture', async () => {
    const key = (await awaitOutput(service.stderr, /API key:\s+(dsk_[A-Za-z0-9_-]+)/))[1]!;
    const picture = path.join(dataDir, 'photo.jpg');
    await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 200, g: 80, b: 40 } } })
      .jpeg()
      .toFile(picture);
    const script = withValues(readmeBlock('media'), { key, baseUrl: service.baseUrl, picture });
    const lines = await runBlock(script, { DATA_DIR: dataDir });
    expect(lines, lines.join('\n')).to.have.length(2);
    for (const line of lines) {
      const [status, url] = line.split(/\s+/);
      expect(status, line).to.equal('published');
      const html = await (await fetch(`${service.baseUrl}${new URL(url!).pathname}`)).text();
      const src = /<img src="([^"]+)" alt="my picture">/.exec(html)?.[1]?.replaceAll('&amp;', '&');
      expect(src, html).to.be.a('string');
      const shown = await fetch(`${service.baseUrl}${new URL(src!).pathname}${new URL(src!).search}`);
      expect(shown.status).to.equal(200);
      expect(Buffer.from(await shown.arrayBuffer()).equals(fs.readFileSync(picture)), 'the page shows the uploaded picture').to.equal(true);
    }
  });
});
