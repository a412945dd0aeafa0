import { randomFillSync } from 'node:crypto';
import { monotonicFactory } from 'ulid';
import { type IdGenerator } from '../../../application/ports/IdGenerator';

/** Random bytes drawn from the OS this many at a time. */
const POOL_BYTES = 4096;

/**
 * The PRNG `ulid` uses by default, byte for byte (a CSPRNG byte over 256), but drawing its
 * bytes from a pool: the default asks Web Crypto for one byte per character, 16 calls a ULID,
 * 5–6 % of a deployed posts.create's profile samples (docs/performance.md).
 */
export function pooledRandom(poolBytes = POOL_BYTES): () => number {
  const pool = Buffer.allocUnsafe(poolBytes);
  let next = poolBytes;
  return () => {
    if (next === poolBytes) {
      randomFillSync(pool);
      next = 0;
    }
    return pool[next++]! / 256;
  };
}

/** ULIDs: time-ordered and URL-safe; monotonic within one millisecond. */
export class UlidIdGenerator implements IdGenerator {
  private readonly ulid = monotonicFactory(pooledRandom());

  next(): string {
    return this.ulid();
  }
}
