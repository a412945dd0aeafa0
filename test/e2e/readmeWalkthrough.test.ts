import { expect } from 'chai';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { awaitOutput, type ServiceProcess, startServiceProcess } from '../support/serviceProcess';

const README = path.resolve(__dirname, '..', '..', 'README.md');

/** The shell block that follows `<!-- walkthrough:NAME -->` in README.md, as written there. */
function readmeBlock(name: string): string {
  const readme = fs.readFileSync(README, 'utf8');
  const block = new RegExp(`<!-- walkthrough:${name} -->\\n\`\`\`sh\\n([\\s\\S]*?)\`\`\``).exec(readme);
  if (block === null) throw new Error(`README.md has no walkthrough:${name} block`);
  return block[1]!;
}

/** The block with the newcomer's own values in place of its first two lines' placeholders. */
const withValues = (block: string, key: string, baseUrl: string): string => block.replace(/^KEY=.*$/m, `KEY=${key}`).replace(/^B=.*$/m, `B=${baseUrl}`);

describe("README: a newcomer publishes to the three sandbox accounts with the README's curl commands", function () {
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
    const script = withValues(readmeBlock('publish'), key, service.baseUrl);
    const { stdout } = await promisify(execFile)('bash', ['-euo', 'pipefail', '-c', script], { timeout: 30_000 });
    const lines = stdout.trim().split('\n');
    expect(lines, stdout).to.have.length(3);
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
});
