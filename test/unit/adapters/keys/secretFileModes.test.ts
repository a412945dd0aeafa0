import { expect } from 'chai';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FileSigningKeyStore } from '../../../../adapters/outbound/keys/FileSigningKeyStore';
import { resolveSecretKey } from '../../../../config/secretKey';

const modeOf = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);

describe('secret files are readable by the service user only (docs/decisions.md, "Files")', () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'dispatch-secret-files-'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('the generated secret.key is 0600 in a data directory made 0700', () => {
    const dataDir = path.join(root, 'data');
    resolveSecretKey({ dataDir, secretKey: null } as Parameters<typeof resolveSecretKey>[0]);
    expect(modeOf(dataDir)).to.equal('700');
    expect(modeOf(path.join(dataDir, 'secret.key'))).to.equal('600');
  });

  it('signing-keys.json is 0600, even when a crashed write left its temporary file 0644', async () => {
    const file = path.join(root, 'keys', 'signing-keys.json');
    fs.mkdirSync(path.dirname(file), { mode: 0o755 });
    fs.writeFileSync(`${file}.${process.pid}.tmp`, 'half a write', { mode: 0o644 });
    fs.chmodSync(`${file}.${process.pid}.tmp`, 0o644);
    const store = new FileSigningKeyStore(file);
    await store.add({ kid: 'k1', algorithm: 'ES256', publicJwk: '{}', encryptedPrivateJwk: 'sealed', createdAt: new Date(0), activatesAt: new Date(0) });
    expect(modeOf(file)).to.equal('600');
    expect((await store.list()).map((k) => k.kid)).to.deep.equal(['k1']);
    const fresh = path.join(root, 'made', 'signing-keys.json');
    await new FileSigningKeyStore(fresh).add({
      kid: 'k2',
      algorithm: 'ES256',
      publicJwk: '{}',
      encryptedPrivateJwk: 'sealed',
      createdAt: new Date(0),
      activatesAt: new Date(0),
    });
    expect(modeOf(path.dirname(fresh))).to.equal('700');
    expect(modeOf(fresh)).to.equal('600');
  });
});
