import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { expect } from 'chai';
import { LocalDiskMediaStore } from '../../../adapters/outbound/media/storage/LocalDiskMediaStore';

const modeOf = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);

describe('stored media files are readable by the service user only, like the rest of the data directory (issue 19)', () => {
  let root: string;
  beforeEach(() => {
    root = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dispatch-media-modes-')), 'media');
  });
  afterEach(() => fs.rmSync(path.dirname(root), { recursive: true, force: true }));

  it('writes files 0600 in directories 0700', async () => {
    const store = new LocalDiskMediaStore(root);
    await store.put('ws1/item1', Readable.from([Buffer.from('bytes')]), 'image/png');
    expect(modeOf(path.join(root, 'ws1', 'item1'))).to.equal('600');
    expect(modeOf(path.join(root, 'ws1'))).to.equal('700');
    expect(modeOf(root)).to.equal('700');
  });

  it('narrows a root an older version left 0755 on its first write', async () => {
    fs.mkdirSync(root, { mode: 0o755 });
    fs.chmodSync(root, 0o755);
    await new LocalDiskMediaStore(root).put('ws1/item2', Readable.from([Buffer.from('bytes')]), 'image/png');
    expect(modeOf(root)).to.equal('700');
  });
});
