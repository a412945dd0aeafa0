/**
 * Reads a video's stream as consecutive chunks from a starting offset, holding at most one
 * chunk in memory; a chunk YouTube kept only part of is sent again from where it stopped.
 */
export class ByteChunks {
  private readonly chunks: AsyncIterator<Buffer | string>;
  private pending: Buffer = Buffer.alloc(0);
  /** The offset in the file of `pending`'s first byte. */
  private position = 0;

  constructor(body: AsyncIterable<Buffer | string>) {
    this.chunks = body[Symbol.asyncIterator]();
  }

  /** Whether bytes from `offset` on can still be read (those before the last chunk handed out are gone). */
  reaches(offset: number): boolean {
    return offset >= this.position;
  }

  /** Up to `length` bytes starting at `offset` (never before what was already handed out). */
  async at(offset: number, length: number): Promise<Buffer> {
    if (offset < this.position) throw new Error(`bytes before ${this.position} are gone (asked for ${offset})`);
    await this.skipTo(offset);
    await this.fill(length);
    return this.pending.subarray(0, length);
  }

  /** Drops the bytes before `offset`, a chunk at a time (a resumed upload skips what YouTube has). */
  private async skipTo(offset: number): Promise<void> {
    while (this.position + this.pending.length < offset) {
      this.position += this.pending.length;
      const { value, done } = await this.chunks.next();
      this.pending = done ? Buffer.alloc(0) : typeof value === 'string' ? Buffer.from(value) : value;
      if (done) return;
    }
    this.pending = this.pending.subarray(offset - this.position);
    this.position = offset;
  }

  private async fill(wanted: number): Promise<void> {
    const parts: Buffer[] = [this.pending];
    let have = this.pending.length;
    while (have < wanted) {
      const { value, done } = await this.chunks.next();
      if (done) break;
      const chunk = typeof value === 'string' ? Buffer.from(value) : value;
      parts.push(chunk);
      have += chunk.length;
    }
    this.pending = Buffer.concat(parts);
  }
}
