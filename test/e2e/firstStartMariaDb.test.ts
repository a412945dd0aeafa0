import { expect } from 'chai';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { awaitOutput, type ServiceProcess, startServiceProcess } from '../support/serviceProcess';
import { MYSQL_URL, requireServer } from '../support/services';

/** A database of its own on the test server, made and dropped here (never the shared `test`). */
const DATABASE = 'test_newcomer';
const serverUrl = new URL(MYSQL_URL);
const DATABASE_URL = `${serverUrl.protocol}//${serverUrl.username}${serverUrl.password ? `:${serverUrl.password}` : ''}@${serverUrl.host}/${DATABASE}`;

async function onServer(sql: string): Promise<void> {
  const connection = await mysql.createConnection({
    host: serverUrl.hostname,
    port: Number(serverUrl.port || 3306),
    user: serverUrl.username,
    password: serverUrl.password,
  });
  try {
    await connection.query(sql);
  } finally {
    await connection.end();
  }
}

async function countOf(table: string): Promise<number> {
  const connection = await mysql.createConnection(DATABASE_URL);
  try {
    const [rows] = await connection.query(`SELECT COUNT(*) AS n FROM ${table}`);
    return Number((rows as { n: number }[])[0]!.n);
  } finally {
    await connection.end();
  }
}

const BANNER =
  /Dispatch first start: a local owner and workspace were created\.\n {2}Owner sign-in: {2}owner@dispatch\.local {2}\/ {2}\S{12,}\n {2}Workspace id: {3}\S+\n {2}API key: {8}(dsk_[A-Za-z0-9_-]+)\n {2}Sandbox accounts \(publish here, nowhere else\): BLUESKY, TWITTER, LINKEDIN\n/;

describe('first start on an empty MariaDB database: the owner, as on SQLite', function () {
  this.timeout(120_000);
  const dataDirs: string[] = [];
  const started: ServiceProcess[] = [];
  const start = async (): Promise<ServiceProcess> => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dispatch-mariadb-first-'));
    dataDirs.push(dataDir);
    const service = await startServiceProcess({ DATABASE_URL, DATA_DIR: dataDir, NODE_ENV: 'development' });
    started.push(service);
    return service;
  };
  const me = (service: ServiceProcess, key: string) => fetch(`${service.baseUrl}/v1/me`, { headers: { Authorization: `Bearer ${key}` } });

  before(async function () {
    await requireServer(this, 'MySQL');
  });
  beforeEach(async () => {
    await onServer(`DROP DATABASE IF EXISTS ${DATABASE}`);
    await onServer(`CREATE DATABASE ${DATABASE} CHARACTER SET utf8mb4`);
  });
  afterEach(async () => {
    await Promise.all(started.splice(0).map((s) => s.stop()));
    for (const dir of dataDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  after(async () => {
    await onServer(`DROP DATABASE IF EXISTS ${DATABASE}`).catch(() => undefined);
  });

  it('prints the first-start lines once, its key answers, its first post is published; a restart prints nothing', async () => {
    const first = await start();
    const key = (await awaitOutput(first.stderr, BANNER))[1]!;
    expect((await me(first, key)).status).to.equal(200);
    const page = (await awaitOutput(first.stderr, /BLUESKY\s+(http:\/\/\S+\/sandbox\/posts\/\S+)/, 20_000))[1]!;
    const opened = await fetch(`${first.baseUrl}${new URL(page).pathname}`);
    expect(await opened.text()).to.include('Hello from Dispatch!');
    await first.stop();
    const second = await start();
    expect((await me(second, key)).status, 'the key survives a restart').to.equal(200);
    expect(second.stderr()).to.not.include('dsk_');
    expect(await countOf('users')).to.equal(1);
  });

  it('two processes started at once on the same empty database: one migrates and makes the owner, the other starts too and finds it made', async () => {
    const both = await Promise.all([start(), start()]);
    // Both listen (neither died on the other's tables or owner); once one printed, its key works on both.
    const banners = await Promise.race([awaitOutput(both[0]!.stderr, BANNER, 20_000), awaitOutput(both[1]!.stderr, BANNER, 20_000)]);
    const key = banners[1]!;
    for (const service of both) expect((await me(service, key)).status).to.equal(200);
    // Each has ended its first start once its worker started (config/main.ts starts it after the first start).
    for (const service of both) await awaitOutput(service.stdout, /"message":"publishing worker started"/, 20_000);
    expect(
      both.filter((s) => /Dispatch first start/.test(s.stderr())),
      both.map((s) => s.stderr()).join('\n---\n'),
    ).to.have.length(1);
    for (const service of both) expect(service.stderr(), service.stderr()).to.not.match(/failed to start|already exists|Duplicate entry/);
    expect([await countOf('users'), await countOf('workspaces'), await countOf('api_keys'), await countOf('connections')]).to.deep.equal([1, 1, 1, 3]);
  });
});
