import { expect } from 'chai';
import { NodeSecretHasher } from '../../../../adapters/outbound/crypto/NodeSecretHasher';

describe('NodeSecretHasher', () => {
  const hasher = new NodeSecretHasher();
  const PASSWORD = 'correct horse battery staple';

  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hasher.hashPassword(PASSWORD);
    expect(await hasher.verifyPassword(PASSWORD, hash)).to.equal(true);
    expect(await hasher.verifyPassword('correct horse battery stapler', hash)).to.equal(false);
    expect(await hasher.verifyPassword('', hash)).to.equal(false);
  });

  it('salts each hash, and never contains the password', async () => {
    const [a, b] = await Promise.all([hasher.hashPassword(PASSWORD), hasher.hashPassword(PASSWORD)]);
    expect(a).not.to.equal(b);
    expect(a).to.match(/^scrypt\$/);
    expect(a).not.to.contain(PASSWORD);
    expect(await hasher.verifyPassword(PASSWORD, b)).to.equal(true);
  });

  it('refuses a password against a stored value that is not one of its hashes', async () => {
    for (const stored of ['', PASSWORD, 'bcrypt$2b$10$abc', 'scrypt$16384$8$1$$']) {
      expect(await hasher.verifyPassword(PASSWORD, stored), stored).to.equal(false);
    }
  });

  it('hashes a token deterministically, without the token in it', () => {
    const token = 'dsk_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
    expect(hasher.hashToken(token)).to.equal(hasher.hashToken(token));
    expect(hasher.hashToken(token)).to.match(/^[0-9a-f]{64}$/);
    expect(hasher.hashToken(`${token}x`)).not.to.equal(hasher.hashToken(token));
  });

  it('tokenMatches accepts the token and refuses any other, or a malformed hash', () => {
    const token = 'dsk_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
    const hash = hasher.hashToken(token);
    expect(hasher.tokenMatches(token, hash)).to.equal(true);
    expect(hasher.tokenMatches(token.replace('G', 'H'), hash)).to.equal(false);
    expect(hasher.tokenMatches(token, '')).to.equal(false);
    expect(hasher.tokenMatches(token, hash.slice(0, 32))).to.equal(false);
    expect(hasher.tokenMatches(token, token)).to.equal(false);
  });
});
