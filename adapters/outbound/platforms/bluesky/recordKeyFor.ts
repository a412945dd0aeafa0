import { createHash } from 'node:crypto';

const SORTABLE_BASE32 = '234567abcdefghijklmnopqrstuvwxyz';

/**
 * The record key a segment's post is created under, the same for the same idempotency key, so a
 * repeated call for one attempt finds its post instead of making a second one. Posts take only
 * TIDs (13 sortable base32 characters, 64 bits with the top one clear), so the key's hash is
 * shaped as one: its timestamp part is kept below 2^50 µs, in the past, never in the future.
 */
export function recordKeyFor(idempotencyKey: string): string {
  const digest = createHash('sha256').update(idempotencyKey).digest();
  const bits = digest.readBigUInt64BE(0);
  const timestampMicros = (bits >> 14n) & ((1n << 50n) - 1n);
  const clockId = bits & 0x3ffn;
  let value = (timestampMicros << 10n) | clockId;
  let tid = '';
  for (let i = 0; i < 13; i += 1) {
    tid = SORTABLE_BASE32[Number(value & 31n)] + tid;
    value >>= 5n;
  }
  return tid;
}
