import { expect } from 'chai';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FileSigningKeyStore } from '../../../../adapters/outbound/keys/FileSigningKeyStore';

describe('FileSigningKeyStore', () => {
  let root: string;
  let file: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'dispatch-key-file-'));
    file = path.join(root, 'signing-keys.json');
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('reads a file written before rotation existed: such a key is active from its creation', async () => {
    const old = { kid: 'k1', algorithm: 'ES256', publicJwk: '{}', encryptedPrivateJwk: 'sealed', createdAt: '2029-01-01T00:00:00.000Z' };
    fs.writeFileSync(file, JSON.stringify([old]), { mode: 0o600 });
    const [key] = await new FileSigningKeyStore(file).list();
    expect(key).to.deep.equal({ ...old, createdAt: new Date(old.createdAt), activatesAt: new Date(old.createdAt) });
  });

  it('keeps activatesAt, and removes a key by kid (a kid not stored is no error)', async () => {
    const store = new FileSigningKeyStore(file);
    const key = (kid: string, ms: number) => ({
      kid,
      algorithm: 'ES256',
      publicJwk: '{}',
      encryptedPrivateJwk: 'sealed',
      createdAt: new Date(ms),
      activatesAt: new Date(ms + 3_600_000),
    });
    await store.add(key('k1', 0));
    await store.add(key('k2', 1));
    expect(await store.list()).to.deep.equal([key('k1', 0), key('k2', 1)]);
    await store.remove('k1');
    await store.remove('k1');
    expect(await store.list()).to.deep.equal([key('k2', 1)]);
    expect((fs.statSync(file).mode & 0o777).toString(8)).to.equal('600');
  });
});
