import { expect } from 'chai';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { fetchLink, filesUnder, type MediaWorld, startMediaWorld, uploaded } from './mediaFixture';

/**
 * Where the local media store puts files (docs/decisions.md, "What a newcomer tripped over"): an item in
 * `DATA_DIR/media/<workspace>/<id>`, not `DATA_DIR/media/media/…`; an item an earlier version
 * stored in the doubled folder is still served, and deleted with its item.
 */
describe('media on local disk: DATA_DIR/media/<workspace>/<id>, and the items an earlier version put in media/media', () => {
  let w: MediaWorld;

  before(async function () {
    w = await startMediaWorld(this);
  });
  after(async () => w?.close());

  const photo = async (name: string, color: number) => {
    const file = path.join(w.files, name);
    await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: color, g: 80, b: 40 } } })
      .png()
      .toFile(file);
    return file;
  };

  it('stores a new upload directly under the media folder, never in a media folder of its own', async () => {
    const item = await uploaded(w, await photo('new.png', 10));
    const root = w.t.config.media.directory;
    expect(root).to.equal(path.join(w.dataDir, 'media'));
    expect(filesUnder(root)).to.deep.equal([path.join(w.ws, item.id)]);
    expect(fs.existsSync(path.join(root, 'media'))).to.equal(false);
    const served = await fetchLink(w, item.url!).expect(200);
    expect(Buffer.compare(served.body as Buffer, fs.readFileSync(path.join(root, w.ws, item.id)))).to.equal(0);
  });

  it('serves an item stored in media/media by an earlier version, and removes that file when the item is deleted', async () => {
    const file = await photo('old.png', 200);
    const item = await uploaded(w, file);
    const root = w.t.config.media.directory;
    // As an earlier version left it: the same key, one folder deeper.
    const legacy = path.join(root, 'media', w.ws, item.id);
    fs.mkdirSync(path.dirname(legacy), { recursive: true });
    fs.renameSync(path.join(root, w.ws, item.id), legacy);

    const served = await fetchLink(w, (await w.api.get(`${w.media}/${item.id}`).set(w.auth).expect(200)).body.url).expect(200);
    expect(Buffer.compare(served.body as Buffer, fs.readFileSync(legacy))).to.equal(0);
    await w.api.delete(`${w.media}/${item.id}`).set(w.auth).expect(204);
    expect(fs.existsSync(legacy)).to.equal(false);
  });
});
