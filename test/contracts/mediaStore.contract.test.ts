import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import S3rver from 's3rver';
import { type MediaStore } from '../../application/ports/MediaStore';
import { LocalDiskMediaStore } from '../../adapters/outbound/media/storage/LocalDiskMediaStore';
import { S3MediaStore } from '../../adapters/outbound/media/storage/S3MediaStore';
import { randomContent, readAll, streamFailingAfter, streamOf } from '../support/byteStreams';

const MiB = 1024 * 1024;

/** What the contract needs from each adapter to drive it. */
interface Backend {
  readonly presigns: boolean;
  open(): Promise<MediaStore>;
  /** Temp or partial files left on disk (local only). */
  leftovers?(): Promise<string[]>;
  close(): Promise<void>;
}

function mediaStoreContract(name: string, makeBackend: () => Backend): void {
  describe(`MediaStore contract: ${name}`, () => {
    const backend = makeBackend();
    let store: MediaStore;
    // Keys in a fresh workspace per test, so no test sees another's objects.
    let workspace: string;
    const mediaKey = (id = randomUUID()) => `media/${workspace}/${id}`;

    before(async () => {
      store = await backend.open();
    });
    beforeEach(() => {
      workspace = `ws-${randomUUID()}`;
    });
    after(async () => backend.close());

    it('gives back the bytes it stored, with their size (6 MiB: several parts for S3)', async () => {
      const key = mediaKey();
      const content = randomContent(6 * MiB);

      const written = await store.put(key, streamOf(content), 'video/mp4');
      const stored = await store.get(key);

      expect(written.sizeBytes).to.equal(content.length);
      expect(stored?.sizeBytes).to.equal(content.length);
      expect((await readAll(stored!.body)).equals(content)).to.equal(true);
      expect(await store.size(key)).to.equal(content.length);
    });

    it('reads a byte range, inclusive, and reports the whole size', async () => {
      const key = mediaKey();
      const content = randomContent(100_000);
      await store.put(key, streamOf(content), 'image/png');

      const middle = await store.get(key, { start: 1000, end: 1999 });
      const tail = await store.get(key, { start: 99_000 });

      expect(middle?.sizeBytes).to.equal(content.length);
      expect((await readAll(middle!.body)).equals(content.subarray(1000, 2000))).to.equal(true);
      expect((await readAll(tail!.body)).equals(content.subarray(99_000))).to.equal(true);
    });

    it('answers null for a missing key', async () => {
      expect(await store.get(mediaKey())).to.equal(null);
      expect(await store.get(mediaKey(), { start: 0, end: 9 })).to.equal(null);
      expect(await store.size(mediaKey())).to.equal(null);
    });

    it('deletes a key, and deleting a missing key is not an error', async () => {
      const key = mediaKey();
      await store.put(key, streamOf(randomContent(1000)), 'image/png');

      await store.delete(key);
      await store.delete(key);
      await store.delete(mediaKey());

      expect(await store.get(key)).to.equal(null);
      expect(await store.size(key)).to.equal(null);
    });

    for (const [label, sizeBytes] of [
      ['early', 100_000],
      ['after a whole part', 7 * MiB],
    ] as const) {
      it(`rejects with the stream's error and leaves nothing when the stream fails (${label})`, async () => {
        const key = mediaKey();
        const broken = new Error('client went away');

        const failure = await store.put(key, streamFailingAfter(randomContent(sizeBytes), broken), 'video/mp4').then(
          () => null,
          (error: unknown) => error,
        );

        expect(failure).to.equal(broken);
        expect(await store.get(key)).to.equal(null);
        expect(await store.size(key)).to.equal(null);
        expect((await backend.leftovers?.()) ?? []).to.deep.equal([]);
      });
    }

    it('keeps what a key held when a put replacing it fails (a refused retry of a part)', async () => {
      const key = mediaKey();
      const kept = randomContent(10_000);
      await store.put(key, streamOf(kept), 'application/octet-stream');
      const failure = await store.put(key, streamFailingAfter(randomContent(100_000), new Error('wrong size')), 'application/octet-stream').then(
        () => null,
        (error: unknown) => error,
      );
      expect(failure).to.be.instanceOf(Error);
      expect(Buffer.compare(await readAll((await store.get(key))!.body), kept)).to.equal(0);
      expect((await backend.leftovers?.()) ?? []).to.deep.equal([]);
    });

    it("removes an upload's parts by prefix, and nothing else", async () => {
      const upload = `uploads/${randomUUID()}/`;
      const neighbour = `uploads/${randomUUID()}/part-00001`;
      const media = mediaKey();
      for (const key of [`${upload}part-00001`, `${upload}part-00002`, neighbour, media]) await store.put(key, streamOf(randomContent(10)), 'video/mp4');

      await store.deletePrefix(upload);

      expect(await store.size(`${upload}part-00001`)).to.equal(null);
      expect(await store.size(`${upload}part-00002`)).to.equal(null);
      expect(await store.size(neighbour)).to.equal(10);
      expect(await store.size(media)).to.equal(10);
      await store.deletePrefix(`uploads/${randomUUID()}/`);
    });

    it('refuses keys that could leave the store', async () => {
      for (const key of ['../outside', 'media/../../outside', '/etc/passwd', 'media\\ws\\id', 'media//id', 'media/.hidden', '']) {
        await expectRejection(store.put(key, streamOf(randomContent(10)), 'image/png'));
        await expectRejection(store.get(key));
        await expectRejection(store.delete(key));
      }
      await expectRejection(store.deletePrefix('../'));
    });
  });
}

async function expectRejection(promise: Promise<unknown>): Promise<void> {
  const outcome = await promise.then(
    () => 'resolved',
    (error: unknown) => error,
  );
  expect(outcome).to.be.instanceOf(Error);
}

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

mediaStoreContract('local disk', () => {
  let root: string;
  return {
    presigns: false,
    async open() {
      root = await mkdtemp(join(tmpdir(), 'dispatch-media-'));
      return new LocalDiskMediaStore(join(root, 'media'));
    },
    async leftovers() {
      return (await filesUnder(root)).filter((path) => path.endsWith('.partial'));
    },
    async close() {
      await rm(root, { recursive: true, force: true });
    },
  };
});

mediaStoreContract('S3 (s3rver)', () => {
  let directory: string;
  let server: S3rver;
  let store: S3MediaStore;
  return {
    presigns: true,
    async open() {
      directory = await mkdtemp(join(tmpdir(), 'dispatch-s3rver-'));
      server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: 'media' }] });
      const { port } = await server.run();
      store = new S3MediaStore({
        bucket: 'media',
        region: 'us-east-1',
        endpoint: `http://127.0.0.1:${port}`,
        forcePathStyle: true,
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        keyPrefix: 'dispatch/',
      });
      return store;
    },
    async close() {
      store?.close();
      await server?.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
});
