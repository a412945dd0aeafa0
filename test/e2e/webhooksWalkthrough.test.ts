import { expect } from 'chai';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { awaitOutput, type ServiceProcess, startServiceProcess } from '../support/serviceProcess';

const ROOT = path.resolve(__dirname, '..', '..');
const DOC = path.join(ROOT, 'docs/webhooks.md');

/** The code block that follows `<!-- webhooks:NAME -->` in docs/webhooks.md, as written there. */
function docBlock(name: string, language: string): string {
  const block = new RegExp(`<!-- webhooks:${name} -->\\n\`\`\`${language}\\n([\\s\\S]*?)\`\`\``).exec(fs.readFileSync(DOC, 'utf8'));
  if (block === null) throw new Error(`docs/webhooks.md has no webhooks:${name} block`);
  return block[1]!;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('docs/webhooks.md: a client subscribes, schedules a post and learns of its publication from the ten-line receiver', function () {
  this.timeout(60_000);
  let dataDir: string;
  let service: ServiceProcess;

  before(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dispatch-webhooks-doc-'));
    service = await startServiceProcess({ DATA_DIR: dataDir, NODE_ENV: 'development', OUTBOUND_ALLOW_PRIVATE_ADDRESSES: 'true' });
  });
  after(async () => {
    await service.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs the walk through as written: the receiver verifies and prints post.scheduled, target.published and post.published', async () => {
    const key = (await awaitOutput(service.stderr, /API key:\s+(dsk_[A-Za-z0-9_-]+)/))[1]!;
    fs.writeFileSync(path.join(dataDir, 'receiver.js'), docBlock('receiver', 'js'));
    const script = docBlock('walkthrough', 'sh')
      .replace(/^KEY=.*$/m, `KEY=${key}`)
      .replace(/^B=.*$/m, `B=${service.baseUrl}`)
      .replace(/^RECEIVER=.*$/m, `RECEIVER=http://localhost:${await freePort()}/`);
    const env = { ...process.env, NODE_PATH: path.join(ROOT, 'node_modules') };
    const { stdout } = await promisify(execFile)('bash', ['-euo', 'pipefail', '-c', script], { timeout: 40_000, cwd: dataDir, env });
    expect(stdout.trim().split('\n'), stdout).to.deep.equal(['post.scheduled scheduled', 'target.published published', 'post.published published']);
  });

  it('pasted against a service that refuses private addresses, stops at the 422 and prints why: no receiver, no post', async () => {
    const strictDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dispatch-webhooks-strict-'));
    const strict = await startServiceProcess({ DATA_DIR: strictDir, NODE_ENV: 'development' });
    try {
      const key = (await awaitOutput(strict.stderr, /API key:\s+(dsk_[A-Za-z0-9_-]+)/))[1]!;
      fs.writeFileSync(path.join(dataDir, 'receiver.js'), docBlock('receiver', 'js'));
      const port = await freePort();
      const script = docBlock('walkthrough', 'sh')
        .replace(/^KEY=.*$/m, `KEY=${key}`)
        .replace(/^B=.*$/m, `B=${strict.baseUrl}`)
        .replace(/^RECEIVER=.*$/m, `RECEIVER=http://localhost:${port}/`);
      const env = { ...process.env, NODE_PATH: path.join(ROOT, 'node_modules') };
      // As pasted into a shell: bash without options of its own, the block's set -e doing the stopping.
      const run = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
        execFile('bash', ['-c', script], { timeout: 40_000, cwd: dataDir, env }, (error, stdout, stderr) =>
          resolve({ code: error === null ? 0 : Number(error.code), stdout, stderr }),
        ),
      );
      expect(run.code, run.stderr).to.not.equal(0);
      expect(run.stderr)
        .to.include('The requested URL returned error: 422')
        .and.to.match(/^invalid_webhook: url: .+/m);
      expect(run.stdout, 'no secret "undefined", no receiver output').to.equal('');
      // Nothing after the refusal ran: no receiver listens, no post was scheduled.
      const listening = await fetch(`http://127.0.0.1:${port}/`).then(
        () => true,
        () => false,
      );
      expect(listening).to.equal(false);
      const ws = (
        (await (await fetch(`${strict.baseUrl}/v1/me/workspaces`, { headers: { Authorization: `Bearer ${key}` } })).json()) as { data: { id: string }[] }
      ).data[0]!.id;
      const posts = (await (await fetch(`${strict.baseUrl}/v1/workspaces/${ws}/posts?limit=100`, { headers: { Authorization: `Bearer ${key}` } })).json()) as {
        data: { groups: { segments: { text: string }[] }[] }[];
      };
      expect(posts.data.map((p) => p.groups[0]!.segments[0]!.text)).to.not.include('Scheduled, and announced by a webhook');
    } finally {
      await strict.stop();
      fs.rmSync(strictDir, { recursive: true, force: true });
    }
  });
});
