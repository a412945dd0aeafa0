import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import S3rver from 's3rver';
import { makePng } from '../../support/mediaFiles';
import { type MediaWorld, startMediaWorld, uploaded } from './mediaFixture';

const BUCKET = 'dispatch-media';

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
});
