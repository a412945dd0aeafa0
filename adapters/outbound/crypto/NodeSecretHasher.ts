import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { type SecretHasher } from '../../../application/ports/SecretHasher';

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number, options: object) => Promise<Buffer>;
const KEY_LENGTH = 32;
const COST = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

/**
 * Passwords: scrypt with a random salt (slow on purpose). Tokens carry 256 bits of
 * randomness, so one SHA-256 is enough and lets the store index them.
 */
export class NodeSecretHasher implements SecretHasher {
  async hashPassword(password: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await scryptAsync(password, salt, KEY_LENGTH, COST);
    return `scrypt$${COST.N}$${COST.r}$${COST.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
  }

  async verifyPassword(password: string, stored: string): Promise<boolean> {
    const [scheme, n, r, p, salt, expected] = stored.split('$');
    if (scheme !== 'scrypt' || !salt || !expected || ![n, r, p].every((v) => /^\d+$/.test(v ?? ''))) return false;
    const key = await scryptAsync(password, Buffer.from(salt, 'base64url'), KEY_LENGTH, {
      N: Number(n),
      r: Number(r),
      p: Number(p),
      maxmem: COST.maxmem,
    });
    const wanted = Buffer.from(expected, 'base64url');
    return wanted.length === key.length && timingSafeEqual(wanted, key);
  }

  hashToken(token: string): string {
    return createHash('sha256').update(token, 'utf8').digest('hex');
  }

  tokenMatches(token: string, hash: string): boolean {
    const actual = Buffer.from(this.hashToken(token), 'hex');
    const expected = Buffer.from(hash, 'hex');
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }
}
