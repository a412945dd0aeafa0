import { expect } from 'chai';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { awaitOutput, type ServiceProcess, startServiceProcess } from '../support/serviceProcess';
import { expectAnalyticsLines } from '../support/analyticsWalkthroughLines';

const ROOT = path.resolve(__dirname, '..', '..');
/** Where the walk-throughs are: the README's first post, and the others in docs/walkthroughs.md. */
const WALKTHROUGHS = [path.join(ROOT, 'README.md'), path.join(ROOT, 'docs/walkthroughs.md')];

/** The shell block that follows `<!-- walkthrough:NAME -->` in README.md or docs/walkthroughs.md, as written there. */
function readmeBlock(name: string): string {
  const marked = new RegExp(`<!-- walkthrough:${name} -->\\n\`\`\`sh\\n([\\s\\S]*?)\`\`\``);
  const blocks = WALKTHROUGHS.map((file) => marked.exec(fs.readFileSync(file, 'utf8'))?.[1]).filter((b) => b !== undefined);
  if (blocks.length !== 1) throw new Error(`README.md and docs/walkthroughs.md hold ${blocks.length} walkthrough:${name} blocks, not one`);
  return blocks[0]!;
}

/** The block with the newcomer's own values in place of its placeholders. */
const withValues = (block: string, values: { key: string; baseUrl: string; picture?: string }): string =>
  block
    .replace(/^KEY=.*$/m, `KEY=${values.key}`)
    .replace(/^B=.*$/m, `B=${values.baseUrl}`)
    .replace(/^PICTURE=.*$/m, `PICTURE=${values.picture ?? ''}`);

/** Runs a README block as written (bash, stopping at the first failure) in the project's folder. */
async function runBlock(script: string, env: Record<string, string>): Promise<string[]> {
  const { stdout } = await promisify(execFile)('bash', ['-euo', 'pipefail', '-c', script], { timeout: 60_000, cwd: ROOT, env: { ...process.env, ...env } });
  return stdout.trim().split('\n');
}

/** Runs a block as a newcomer pasting it into an interactive shell would (no -e of the shell's own): its exit code and both outputs. */
function pasteBlock(script: string, env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile('bash', ['-c', script], { timeout: 60_000, cwd: ROOT, env: { ...process.env, ...env } }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1, stdout, stderr });
    });
  });
}

/** A line that starts with a platform's name, then the rest of its fields. */
const PLATFORM_LINE = /^(BLUESKY|FACEBOOK|FARCASTER|INSTAGRAM|LINKEDIN|PINTEREST|THREADS|TIKTOK|TWITTER|YOUTUBE)\s+(.*)$/;

describe("README: a newcomer's walk through with curl, run as the README writes it", function () {
  // A block that runs the operator CLI starts it with tsx (seconds each time); one test runs a block twice.
  this.timeout(120_000);
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

  it("lists the workspace's accounts a line each, naming the platform, and run twice adds its sandbox account once", async () => {
    const key = (await awaitOutput(service.stderr, /API key:\s+(dsk_[A-Za-z0-9_-]+)/))[1]!;
    const script = withValues(readmeBlock('connections'), { key, baseUrl: service.baseUrl });
    const first = await runBlock(script, { DATA_DIR: dataDir });
    const again = await runBlock(script, { DATA_DIR: dataDir });
    expect(first[0], first.join('\n')).to.match(/^added sandbox TWITTER connection \S+ \(me\) to workspace/);
    expect(again[0], again.join('\n')).to.match(/^kept sandbox TWITTER connection \S+ \(me\): workspace \S+ already has it$/);
    const accounts = (lines: string[]) => lines.slice(1);
    expect(accounts(again)).to.deep.equal(accounts(first));
    for (const line of accounts(first)) expect(line, line).to.match(PLATFORM_LINE);
    expect(
      accounts(first).filter((l) => /^TWITTER\s+active\s+me \(sandbox\)$/.test(l)),
      first.join('\n'),
    ).to.have.length(1);
    expect(accounts(first).filter((l) => /^(BLUESKY|TWITTER|LINKEDIN)\s+active\s+sandbox-\w+ \(sandbox\)$/.test(l))).to.have.length(3);
  });

  it('prints three published targets, each naming its platform, whose pages open and show the post', async () => {
    const key = (await awaitOutput(service.stderr, /API key:\s+(dsk_[A-Za-z0-9_-]+)/))[1]!;
    const lines = await runBlock(withValues(readmeBlock('publish'), { key, baseUrl: service.baseUrl }), {});
    expect(lines, lines.join('\n')).to.have.length(3);
    expect(lines.map((l) => PLATFORM_LINE.exec(l)?.[1]).sort()).to.deep.equal(['BLUESKY', 'LINKEDIN', 'TWITTER']);
    for (const line of lines) {
      const [, status, url] = line.split(/\s+/);
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
    const output = await runBlock(script, { DATA_DIR: dataDir });
    // The CLI's line about the Instagram account, then a line per target.
    expect(output[0], output.join('\n')).to.match(/^added sandbox INSTAGRAM connection/);
    const lines = output.slice(1);
    expect(lines, output.join('\n')).to.have.length(2);
    expect(lines.map((l) => PLATFORM_LINE.exec(l)?.[1]).sort()).to.deep.equal(['BLUESKY', 'INSTAGRAM']);
    for (const line of lines) {
      const [, status, url] = line.split(/\s+/);
      expect(status, line).to.equal('published');
      const html = await (await fetch(`${service.baseUrl}${new URL(url!).pathname}`)).text();
      const src = /<img src="([^"]+)" alt="my picture">/.exec(html)?.[1]?.replaceAll('&amp;', '&');
      expect(src, html).to.be.a('string');
      const shown = await fetch(`${service.baseUrl}${new URL(src!).pathname}${new URL(src!).search}`);
      expect(shown.status).to.equal(200);
      expect(Buffer.from(await shown.arrayBuffer()).equals(fs.readFileSync(picture)), 'the page shows the uploaded picture').to.equal(true);
    }
    // Run again: the Instagram account is the same one, not a second.
    const again = await runBlock(script, { DATA_DIR: dataDir });
    expect(again[0], again.join('\n')).to.match(/^kept sandbox INSTAGRAM connection/);
    expect(
      again
        .slice(1)
        .map((l) => PLATFORM_LINE.exec(l)?.[1])
        .sort(),
    ).to.deep.equal(['BLUESKY', 'INSTAGRAM']);
  });

  it('says plainly that the picture is missing, and stops before any request', async () => {
    const key = (await awaitOutput(service.stderr, /API key:\s+(dsk_[A-Za-z0-9_-]+)/))[1]!;
    const missing = path.join(dataDir, 'no-such-photo.jpg');
    const run = await pasteBlock(withValues(readmeBlock('media'), { key, baseUrl: service.baseUrl, picture: missing }), { DATA_DIR: dataDir });
    expect(run.code).to.not.equal(0);
    expect(run.stderr.trim()).to.equal(`There is no picture at ${missing}: set PICTURE to a JPEG of yours.`);
    expect(run.stdout).to.equal('');
  });

  it("stops a block at the first failing request, with a non-zero exit and the error's message", async () => {
    // A key that does not exist: the first request is refused, nothing after it runs.
    const refused = await pasteBlock(withValues(readmeBlock('publish'), { key: 'dsk_not_a_key', baseUrl: service.baseUrl }), {});
    expect(refused.code).to.not.equal(0);
    expect(refused.stdout).to.equal('');
    expect(refused.stderr)
      .to.include('The requested URL returned error: 401')
      .and.to.match(/^invalid_token: .+/m);
    expect(refused.stderr).to.not.match(/^\s+at /m);
    // A request refused half-way (a week's slots of an account that is gone): the message, and no further line.
    const key = (await awaitOutput(service.stderr, /API key:\s+(dsk_[A-Za-z0-9_-]+)/))[1]!;
    const plan = withValues(readmeBlock('plan'), { key, baseUrl: service.baseUrl }).replace(
      /\| json '\n {2}r\.data\.find\(\(c\) => [^\n]*\n/,
      '| json \'"no-such-connection"\')\n',
    );
    const halfway = await pasteBlock(plan, {});
    expect(halfway.code).to.not.equal(0);
    expect(halfway.stderr).to.match(/^connection_not_found: .+/m);
    expect(halfway.stdout, 'nothing queued after the refusal').to.not.include('queued');
  });

  it('sets a posting schedule, queues three posts into its first free slots, and the calendar lists them', async () => {
    const key = (await awaitOutput(service.stderr, /API key:\s+(dsk_[A-Za-z0-9_-]+)/))[1]!;
    const lines = await runBlock(withValues(readmeBlock('plan'), { key, baseUrl: service.baseUrl }), {});
    // Each line names the account's platform after its kind.
    const fields = (kind: string) =>
      lines
        .filter((l) => l.startsWith(kind))
        .map((l) => {
          const [platform, ...rest] = l
            .slice(kind.length)
            .trim()
            .split(/\s{2,}/);
          expect(platform, l).to.equal('BLUESKY');
          return rest;
        });
    const queued = fields('queued');
    expect(queued, lines.join('\n')).to.have.length(3);
    const times = queued.map(([at]) => Date.parse(at!));
    expect(times[0]).to.be.greaterThan(Date.now());
    expect(times[1]).to.be.greaterThan(times[0]!);
    expect(times[2]).to.be.greaterThan(times[1]!);
    // Every slot is 09:00 or 17:30 on Berlin's clock.
    const berlin = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit' });
    for (const at of times) expect(['09:00', '17:30']).to.include(berlin.format(at));
    expect(fields('slot')).to.deep.equal([...queued.map(([at, id]) => [at, id]), [fields('slot')[3]![0], 'free']]);
    expect(fields('planned')).to.deep.equal([
      [queued[0]![0], 'Good morning'],
      [queued[1]![0], 'A link worth reading'],
      [queued[2]![0], 'What we shipped this week'],
    ]);
  });

  it("shows a published post's figures per platform and the month's sums, from the sandbox", async () => {
    const key = (await awaitOutput(service.stderr, /API key:\s+(dsk_[A-Za-z0-9_-]+)/))[1]!;
    const lines = await runBlock(withValues(readmeBlock('analytics'), { key, baseUrl: service.baseUrl }), {});
    expectAnalyticsLines(lines);
  });
});
