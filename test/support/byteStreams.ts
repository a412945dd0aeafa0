import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';

const CHUNK_BYTES = 64 * 1024;

/** Random bytes, for content a test compares after a round trip. */
export function randomContent(sizeBytes: number): Buffer {
  return randomBytes(sizeBytes);
}

/** Streams `content` in 64 KiB chunks, as a request body would arrive. */
export function streamOf(content: Buffer): Readable {
  return Readable.from(chunksOf(content));
}

/** Streams `sizeBytes` bytes made on the fly (one chunk repeated), never held whole. */
export function generatedStream(sizeBytes: number): Readable {
  const chunk = randomBytes(CHUNK_BYTES);
  async function* generate(): AsyncGenerator<Buffer> {
    for (let sent = 0; sent < sizeBytes; sent += CHUNK_BYTES) yield chunk.subarray(0, Math.min(CHUNK_BYTES, sizeBytes - sent));
  }
  return Readable.from(generate());
}

/** Streams `content`, then fails with `error` instead of ending. */
export function streamFailingAfter(content: Buffer, error: Error): Readable {
  async function* failing(): AsyncGenerator<Buffer> {
    yield* chunksOf(content);
    throw error;
  }
  return Readable.from(failing());
}

export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

function* chunksOf(content: Buffer): Generator<Buffer> {
  for (let offset = 0; offset < content.length; offset += CHUNK_BYTES) yield content.subarray(offset, offset + CHUNK_BYTES);
}
