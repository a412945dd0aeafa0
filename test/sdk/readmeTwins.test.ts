import { expect } from 'chai';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { eventually, type SdkService, startSdkService } from './sdkService';
import { expectAnalyticsLines } from '../support/analyticsWalkthroughLines';

const ROOT = path.resolve(__dirname, '..', '..');
const SDK = path.join(ROOT, 'sdk');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');

/** Runs sdk/examples/NAME.ts as its header says (tsx, the SDK's tsconfig), against the service; its lines of output. */
async function runExample(name: string, running: SdkService): Promise<string[]> {
  const env = { ...process.env, DISPATCH_URL: running.baseUrl, DISPATCH_API_KEY: running.key };
  const { stdout } = await promisify(execFile)(TSX, ['--tsconfig', 'tsconfig.json', `examples/${name}.ts`], { cwd: SDK, env, timeout: 40_000 });
  return stdout.trim().split('\n');
}

/** A line's fields after its leading word, split where two spaces or more stand (as the README test reads them). */
const fieldsOf = (lines: string[], kind: string): string[][] =>
  lines
    .filter((l) => l.startsWith(kind))
    .map((l) =>
      l
        .slice(kind.length)
        .trim()
        .split(/\s{2,}/),
    );

describe("README's curl walk-throughs, their TypeScript twins through the SDK (sdk/examples) give the same outcomes", function () {
  this.timeout(90_000);
  let running: SdkService;

  before(async () => {
    running = await startSdkService();
  });
  after(async () => {
    await running?.stop();
  });

  it('has a twin for each of the README blocks publish, plan and analytics', () => {
    const readme = ['README.md', 'docs/walkthroughs.md'].map((file) => fs.readFileSync(path.join(ROOT, file), 'utf8')).join('\n');
    for (const name of ['publish', 'plan', 'analytics']) {
      expect(readme, `walkthrough:${name} of README.md or docs/walkthroughs.md`).to.include(`<!-- walkthrough:${name} -->`);
      expect(fs.existsSync(path.join(SDK, 'examples', `${name}.ts`)), `sdk/examples/${name}.ts`).to.equal(true);
    }
  });

  it("the SDK's README example (and the main README's) is examples/hello.ts as written, and publishes a post to the sandbox Bluesky account", async () => {
    const example = fs
      .readFileSync(path.join(SDK, 'examples', 'hello.ts'), 'utf8')
      .split('\n')
      .slice(2)
      .join('\n');
    const examplesIn = (file: string) => [...fs.readFileSync(file, 'utf8').matchAll(/<!-- sdk:example -->\n```ts\n([\s\S]*?)```/g)].map((m) => m[1]);
    const blocks = [...examplesIn(path.join(SDK, 'README.md')), ...examplesIn(path.join(ROOT, 'README.md'))];
    expect(blocks).to.have.length(3);
    for (const block of blocks) expect(block).to.equal(example);
    const lines = await runExample('hello', running);
    const [id, status] = lines[0]!.split(' ');
    expect([lines.length, status], lines.join('\n')).to.deep.equal([1, 'publishing']);
    const dispatch = running.client();
    const workspaceId = (await dispatch.GET('/v1/me/workspaces')).data.data[0]!.id;
    const post = await eventually(
      async () => (await dispatch.GET('/v1/workspaces/{workspaceId}/posts/{id}', { params: { path: { workspaceId, id: id! } } })).data,
      (p) => p.status === 'published',
    );
    expect(post.targets.map((t) => t.settings.platform)).to.deep.equal(['BLUESKY']);
  });

  it('publish: three published targets whose pages open and show the post', async () => {
    const lines = await runExample('publish', running);
    expect(lines, lines.join('\n')).to.have.length(3);
    for (const line of lines) {
      const [status, url] = line.split(/\s+/);
      expect(status, line).to.equal('published');
      const page = await fetch(`${running.baseUrl}${new URL(url!).pathname}`);
      expect(page.status, url).to.equal(200);
      expect(await page.text())
        .to.include('Hello from Dispatch')
        .and.to.include('A second segment');
    }
  });

  it("plan: a schedule, three posts queued into its first free slots (09:00 and 17:30 in Berlin), the account's slots and the calendar", async () => {
    const lines = await runExample('plan', running);
    const queued = fieldsOf(lines, 'queued');
    expect(queued, lines.join('\n')).to.have.length(3);
    const times = queued.map(([at]) => Date.parse(at!));
    expect(times[0]).to.be.greaterThan(Date.now());
    expect(times[1]).to.be.greaterThan(times[0]!);
    expect(times[2]).to.be.greaterThan(times[1]!);
    const berlin = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit' });
    for (const at of times) expect(['09:00', '17:30']).to.include(berlin.format(at));
    const slots = fieldsOf(lines, 'slot');
    expect(slots).to.deep.equal([...queued.map(([at, id]) => [at, id]), [slots[3]![0], 'free']]);
    expect(fieldsOf(lines, 'planned')).to.deep.equal([
      [queued[0]![0], 'Good morning'],
      [queued[1]![0], 'A link worth reading'],
      [queued[2]![0], 'What we shipped this week'],
    ]);
  });

  it("analytics: the published post's figures per platform, and the month's sums by platform", async () => {
    const lines = await runExample('analytics', running);
    expectAnalyticsLines(lines);
  });
});
