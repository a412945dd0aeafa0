import { expect } from 'chai';
import fs from 'node:fs';
import http from 'node:http';
import { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { COUNT_NAMES } from '../../../domain/analytics/PostCounts';
import { awaitOutput, type ServiceProcess, startServiceProcess } from '../../support/serviceProcess';

interface Target {
  targetId: string;
  platform: string;
  counts: Record<string, number | null> | null;
  raw: Record<string, number> | null;
  lastError: unknown;
  collectedAt: string | null;
}

/** Polls `read` until `done` holds, failing with the last value seen (a wait, not a timed assertion). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what} never happened; last seen: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The real service process on a fresh data directory (docs/analytics.md, "The sandbox"): the
 * first start's post, published to the sandbox accounts by the worker beside the API, gets
 * figures after a refresh, with every figure reported, and no platform is called for them: the
 * platforms' read endpoints that can be pointed elsewhere point at a server that counts calls.
 */
describe("the first start's sandbox post gets figures (the service process)", function () {
  this.timeout(90_000);
  let dataDir: string;
  let service: ServiceProcess | null = null;
  const calls: string[] = [];
  const tripwire = http.createServer((req, res) => {
    calls.push(`${req.method} ${req.url}`);
    res.writeHead(500).end();
  });

  before(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dispatch-figures-'));
    await new Promise<void>((resolve) => tripwire.listen(0, '127.0.0.1', resolve));
  });
  after(async () => {
    await service?.stop();
    await new Promise((resolve) => tripwire.close(resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a refresh gives every published sandbox target non-null counts, a second one within ten minutes is a 429', async () => {
    const platform = `http://127.0.0.1:${(tripwire.address() as AddressInfo).port}`;
    service = await startServiceProcess({
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      FIGURES_POLL_MS: '200',
      BLUESKY_APPVIEW_URL: platform,
      TWITTER_CLIENT_ID: 'tripwire',
      TWITTER_CLIENT_SECRET: 'tripwire',
      TWITTER_API_BASE_URL: platform,
    });
    const s = service;
    const key = (await awaitOutput(s.stderr, /API key:\s+(dsk_[A-Za-z0-9_-]+)/))[1]!;
    const ws = (await awaitOutput(s.stderr, /Workspace id:\s+(\S+)/))[1]!;
    const headers = { Authorization: `Bearer ${key}` };
    const getJson = async (url: string) => {
      const res = await fetch(`${s.baseUrl}${url}`, { headers });
      expect(res.status, url).to.equal(200);
      return (await res.json()) as { data: Array<Record<string, unknown>> };
    };

    const [post] = (await getJson(`/v1/workspaces/${ws}/posts`)).data;
    const postId = post!.id as string;
    const published = await until(
      async () => (await getJson(`/v1/workspaces/${ws}/posts/${postId}`)) as unknown as { status: string; targets: Array<{ status: string }> },
      (p) => p.status !== 'publishing' && p.status !== 'scheduled',
      'the first post published',
    );
    const publishedCount = published.targets.filter((t) => t.status === 'published').length;
    expect(publishedCount).to.be.greaterThan(0);

    const metricsUrl = `/v1/workspaces/${ws}/posts/${postId}/metrics`;
    const metrics = async () => (await getJson(metricsUrl)).data as unknown as Target[];
    await until(metrics, (targets) => targets.length === publishedCount, 'the workers taking on the published targets');

    const refresh = () => fetch(`${s.baseUrl}${metricsUrl}/refresh`, { method: 'POST', headers });
    expect((await refresh()).status).to.equal(202);
    const collected = await until(metrics, (targets) => targets.every((t) => t.collectedAt !== null), 'the refreshed figures');
    for (const target of collected) {
      expect(target.lastError, target.platform).to.equal(null);
      expect(target.raw, target.platform).to.deep.equal({});
      for (const name of COUNT_NAMES) expect(target.counts![name], `${target.platform} ${name}`).to.be.a('number').and.at.least(0);
    }

    const again = await refresh();
    expect(again.status).to.equal(429);
    expect(((await again.json()) as { error: { code: string } }).error.code).to.equal('refresh_too_soon');
    expect(Number(again.headers.get('retry-after'))).to.be.within(1, 600);
    expect(calls, 'calls that reached a platform').to.deep.equal([]);
  });
});
