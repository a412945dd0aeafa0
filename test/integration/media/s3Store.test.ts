import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import S3rver from 's3rver';
import { makePng, makeVideo } from '../../support/mediaFiles';
import { expectRefused, filesUnder, type MediaWorld, settled, startMediaWorld, uploaded } from './mediaFixture';

const BUCKET = 'dispatch-media';
const PART = 4096;

describe('media on an S3 store (MEDIA_STORE=s3, s3rver): uploaded through the service, linked by presigned URL', () => {
  let directory: string;
  let server: S3rver;
  let endpoint: string;
  let w: MediaWorld;

  before(async function () {
    directory = await mkdtemp(join(tmpdir(), 'dispatch-s3rver-'));
    server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: BUCKET }] });
    endpoint = `http://127.0.0.1:${(await server.run()).port}`;
    w = await startMediaWorld(this, {
      env: {
        MEDIA_STORE: 's3',
        S3_ENDPOINT: endpoint,
        S3_BUCKET: BUCKET,
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        MEDIA_PART_BYTES: String(PART),
      },
    });
  });
  after(async () => {
    await w?.close();
    await server?.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('is ready, and its url is a presigned S3 URL that downloads the very bytes', async () => {
    const png = await makePng(w.files, 32, 32);
    const bytes = fs.readFileSync(png);
    const item = await uploaded(w, png, { contentType: 'image/png' });
    expect(item).to.include({ status: 'ready', kind: 'image', mimeType: 'image/png', width: 32, height: 32, sizeBytes: bytes.length });

    const link = new URL(item.url!);
    expect(link.origin).to.equal(endpoint);
    expect(link.pathname.startsWith(`/${BUCKET}/`), link.pathname).to.equal(true);
    expect(link.searchParams.get('X-Amz-Signature')).to.be.a('string');

    const download = await fetch(link);
    expect(download.status).to.equal(200);
    expect(Buffer.compare(Buffer.from(await download.arrayBuffer()), bytes)).to.equal(0);
    expect(fs.existsSync(join(w.dataDir, 'media')), 'nothing on local disk').to.equal(false);
  });

  it('takes a resumable upload too: parts checked, joined into a ready item, then removed from the bucket', async () => {
    const bytes = fs.readFileSync(await makeVideo(w.files, { seconds: 1, width: 160, height: 120, audio: false }));
    const created = await w.api.post(`${w.media}/uploads`).set(w.auth).send({ sizeBytes: bytes.length }).expect(201);
    const uploadPath = `${w.media}/uploads/${created.body.id}`;
    const put = (n: number, body: Buffer) => w.api.put(`${uploadPath}/parts/${n}`).set(w.auth).set('Content-Type', 'application/octet-stream').send(body);
    expectRefused(await put(1, bytes.subarray(0, PART - 1)), 'invalid_part_size', 'body', /exactly/);
    for (let n = created.body.partCount; n >= 1; n--) await put(n, bytes.subarray((n - 1) * PART, n * PART)).expect(200);

    const completed = await w.api.post(`${uploadPath}/complete`).set(w.auth).expect(202);
    const item = await settled(w, completed.body.id);
    expect(item).to.include({ status: 'ready', kind: 'video', width: 160, height: 120, sizeBytes: bytes.length });
    const download = await fetch(item.url!);
    expect(Buffer.compare(Buffer.from(await download.arrayBuffer()), bytes)).to.equal(0);
    const inBucket = filesUnder(directory);
    expect(
      inBucket.some((file) => file.includes(item.id)),
      'the video is in the bucket',
    ).to.equal(true);
    expect(inBucket.filter((file) => file.includes(created.body.id))).to.deep.equal([]);
  });
});
