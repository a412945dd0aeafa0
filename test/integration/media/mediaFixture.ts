import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { type Response } from 'supertest';
import { type CompositionOptions } from '../../../config/container';
import { TOKENS as T } from '../../../config/tokens';
import { type DatabaseKind, serverFor } from '../../support/databases';
import { OWNER_EMAIL } from '../../support/data/people';
import { type FixedClock } from '../../support/fixedClock';
import { api, type ApiClient } from '../../support/openapi';
import { requireServer } from '../../support/services';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../../support/testApp';

/**
 * A workspace with its owner's API key (media:write), on a fresh database and data
 * directory, for the media library's HTTP tests; `files` is a scratch directory for the
 * files a test makes.
 */
export interface MediaWorld {
  readonly t: TestApp;
  readonly api: ApiClient;
  readonly ws: string;
  readonly key: string;
  readonly auth: { readonly Authorization: string };
  /** `/v1/workspaces/${ws}/media` */
  readonly media: string;
  readonly dataDir: string;
  readonly files: string;
  close(): Promise<void>;
}

export interface MediaWorldOptions {
  readonly kind?: DatabaseKind;
  readonly env?: Record<string, string>;
  readonly clock?: FixedClock;
}

/** Call from `before` (with its `this`): skipped when MySQL is asked for and down. */
export async function startMediaWorld(ctx: Mocha.Context, options: MediaWorldOptions = {}): Promise<MediaWorld> {
  const kind = options.kind ?? 'sqlite';
  const server = serverFor(kind);
  if (server) await requireServer(ctx, server);
  const databaseEnv = await freshDatabaseEnv(kind);
  const { clock } = options;
  const composition: CompositionOptions = clock ? { replace: (w) => w.replace(T.Clock, clock) } : {};
  const t = await startTestApp(databaseEnv, { RATE_LIMIT_MAX: '1000000', ...options.env }, composition);
  await t.given.user(OWNER_EMAIL);
  const ws = await t.given.workspace(OWNER_EMAIL, 'Media');
  const key = (await t.given.apiKey(ws, OWNER_EMAIL, 'owner')).key;
  const files = fs.mkdtempSync(path.join(os.tmpdir(), 'dispatch-media-test-'));
  const dataDir = databaseEnv.DATA_DIR!;
  return {
    t,
    api: api(t.app),
    ws,
    key,
    auth: { Authorization: `Bearer ${key}` },
    media: `/v1/workspaces/${ws}/media`,
    dataDir,
    files,
    async close() {
      await t.close();
      fs.rmSync(files, { recursive: true, force: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Uploads a file as multipart/form-data (field `file`); the response, status unchecked. */
export const uploadFile = (w: MediaWorld, file: string, options: { fileName?: string; contentType?: string } = {}) =>
  w.api
    .post(`${w.media}/upload`)
    .set(w.auth)
    .attach('file', file, { filename: options.fileName ?? path.basename(file), contentType: options.contentType ?? 'application/octet-stream' });

/** Uploads a file that must be accepted: the Media JSON. */
export async function uploaded(w: MediaWorld, file: string, options: { fileName?: string; contentType?: string } = {}): Promise<MediaJson> {
  const res = await uploadFile(w, file, options);
  expect(res.status, JSON.stringify(res.body)).to.equal(201);
  return res.body as MediaJson;
}

export interface MediaJson {
  readonly id: string;
  readonly status: 'processing' | 'ready' | 'failed';
  readonly failureReason: string | null;
  readonly origin: string;
  readonly fileName: string | null;
  readonly kind: 'image' | 'video' | null;
  readonly mimeType: string | null;
  readonly sizeBytes: number | null;
  readonly width: number | null;
  readonly height: number | null;
  readonly durationSeconds: number | null;
  readonly videoCodec: string | null;
  readonly audioCodec: string | null;
  readonly url: string | null;
  readonly [other: string]: unknown;
}

/** GETs an item until it is no longer processing (imports and resumable uploads settle in the background). */
export async function settled(w: MediaWorld, id: string, timeoutMs = 15_000): Promise<MediaJson> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await w.api.get(`${w.media}/${id}`).set(w.auth).expect(200);
    if (res.body.status !== 'processing') return res.body as MediaJson;
    if (Date.now() > deadline) throw new Error(`media ${id} still processing after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A signed link's path and query, to fetch it from the test app (the link names BASE_URL). */
export function onTheApp(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

/** Fetches a signed link on the test app, whole or a range, as bytes. */
export function fetchLink(w: MediaWorld, url: string, range?: string) {
  const request = w.api.get(onTheApp(url)).buffer(true).parse(binaryParser);
  return range === undefined ? request : request.set('Range', range);
}

function binaryParser(res: Response, done: (error: Error | null, body: Buffer) => void): void {
  // supertest hands a parser the response stream itself.
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
  stream.on('error', (error) => done(error, Buffer.alloc(0)));
}

/** Every file under a directory, recursively, relative to it (none when it does not exist). */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).flatMap((entry) => {
    if (!entry.isFile()) return [];
    return [path.relative(dir, path.join(entry.parentPath, entry.name))];
  });
}

/** Checks the service kept nothing of a refused upload: no item, no stored file, no scratch file. */
export async function expectNothingKept(w: MediaWorld): Promise<void> {
  const list = await w.api.get(w.media).set(w.auth).expect(200);
  expect(list.body.total).to.equal(0);
  expect(filesUnder(path.join(w.dataDir, 'media')), 'stored files').to.deep.equal([]);
  expect(filesUnder(path.join(w.dataDir, 'scratch')), 'scratch files').to.deep.equal([]);
}

/** Checks a 422 ValidationError with `code`, whose details name `path` with a message matching `message`. */
export function expectRefused(res: Response, code: string, path: string, message: RegExp): void {
  expect(res.status, JSON.stringify(res.body)).to.equal(422);
  expect(res.body.error).to.include({ type: 'ValidationError', code });
  const detail = (res.body.error.details as { path: string; message: string }[]).find((d) => d.path === path);
  expect(detail, JSON.stringify(res.body.error.details)).to.not.equal(undefined);
  expect(detail!.message).to.match(message);
}
