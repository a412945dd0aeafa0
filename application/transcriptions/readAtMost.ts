import { type Readable } from 'node:stream';

/** The whole stream as one buffer; the downloader's own limit stops it first, this one is the backstop. */
export async function readAtMost(body: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body) {
    total += (chunk as Buffer).length;
    if (total > maxBytes) {
      body.destroy();
      throw Object.assign(new Error('too large'), { failure: { reason: `the reel is larger than the limit of ${maxBytes} bytes` } });
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
