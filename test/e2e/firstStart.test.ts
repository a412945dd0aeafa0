import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { awaitOutput } from '../support/serviceProcess';

const ROOT = path.resolve(__dirname, '../..');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');

interface Started {
  readonly child: ChildProcess;
  readonly output: () => string;
  readonly port: number;
}

/** Runs the real entry point (config/main.ts) as a newcomer's `npm start` would, on PORT=0. */
function startService(env: Record<string, string>): Promise<Started> {
  const child = spawn(TSX, ['config/main.ts'], { cwd: ROOT, env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', ...env } });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /"message":"listening".*?"port":(\d+)/.exec(output);
      if (listening) resolve({ child, output: () => output, port: Number(listening[1]) });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code} before listening:\n${output}`)));
  });
}

function runToExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(TSX, ['config/main.ts'], { cwd: ROOT, env: { ...process.env, ...env } });
  let output = '';
  child.stdout.on('data', (c: Buffer) => {
    output += c.toString();
  });
  child.stderr.on('data', (c: Buffer) => {
    output += c.toString();
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

describe('first start of the service (the quick start)', function () {
  this.timeout(60_000);
  let dataDir: string;

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dispatch-e2e-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('creates the SQLite file, prints a key once, and that key answers GET /v1/me with 200', async () => {
    const first = await startService({ DATA_DIR: dataDir, NODE_ENV: 'development' });
    let key: string;
    try {
      key = (await awaitOutput(first.output, /API key:\s+(dsk_[A-Za-z0-9_-]+)/))[1]!;
      expect(first.output()).to.match(/Owner sign-in:\s+owner@dispatch\.local\s+\/\s+\S{12,}/);
      expect(fs.existsSync(path.join(dataDir, 'dispatch.sqlite'))).to.equal(true);
      const res = await fetch(`http://127.0.0.1:${first.port}/v1/me`, { headers: { Authorization: `Bearer ${key}` } });
      expect(res.status).to.equal(200);
      expect(((await res.json()) as { email: string }).email).to.equal('owner@dispatch.local');
      // Something to see: the first post, published by the worker beside the API, has a page.
      const page = (await awaitOutput(first.output, /BLUESKY\s+(http:\/\/\S+\/sandbox\/posts\/\S+)/, 20_000))[1]!;
      // BASE_URL names the port the test asked for (0: any), the page's path is what counts.
      const opened = await fetch(`http://127.0.0.1:${first.port}${new URL(page).pathname}`);
      expect(opened.status).to.equal(200);
      expect(await opened.text()).to.include('Hello from Dispatch!');
    } finally {
      await stop(first.child);
    }
    const second = await startService({ DATA_DIR: dataDir, NODE_ENV: 'development' });
    try {
      expect(second.output()).not.to.include('dsk_');
      const res = await fetch(`http://127.0.0.1:${second.port}/v1/me`, { headers: { Authorization: `Bearer ${key}` } });
      expect(res.status, 'the key survives a restart').to.equal(200);
    } finally {
      await stop(second.child);
    }
  });

  it('prints no credentials when BOOTSTRAP=false', async () => {
    const started = await startService({ DATA_DIR: dataDir, BOOTSTRAP: 'false' });
    await stop(started.child);
    expect(started.output()).not.to.include('dsk_');
  });

  it('refuses to start in production without SECRET_KEY, naming the variable', async () => {
    const { code, output } = await runToExit({ DATA_DIR: dataDir, NODE_ENV: 'production', SECRET_KEY: '' });
    expect(code).to.equal(1);
    expect(output).to.include('SECRET_KEY').and.not.to.include('    at ');
  });

  it('refuses a bad PORT with a message naming it', async () => {
    const { code, output } = await runToExit({ DATA_DIR: dataDir, PORT: 'eighty' });
    expect(code).to.equal(1);
    expect(output).to.match(/PORT: must be a whole number/);
  });
});
