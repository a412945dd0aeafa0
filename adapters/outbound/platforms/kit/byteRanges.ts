/**
 * Reads a stream as consecutive byte ranges of the given lengths, holding at most one range
 * in memory (a video's parts or chunks are uploaded one after the other).
 */
export class ByteRanges {
  private readonly chunks: AsyncIterator<Buffer | string>;
  private pending: Buffer = Buffer.alloc(0);

  constructor(body: AsyncIterable<Buffer | string>) {
    this.chunks = body[Symbol.asyncIterator]();
  }

  /** The next `length` bytes; fewer only when the stream ends first. */
  async next(length: number): Promise<Buffer> {
    const parts: Buffer[] = [this.pending];
    let have = this.pending.length;
    while (have < length) {
      const { value, done } = await this.chunks.next();
      if (done) break;
      const chunk = typeof value === 'string' ? Buffer.from(value) : value;
      parts.push(chunk);
      have += chunk.length;
    }
    const all = Buffer.concat(parts);
    this.pending = all.subarray(length);
    return all.subarray(0, length);
  }
}
