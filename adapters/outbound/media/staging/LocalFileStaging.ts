import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type FileStaging, StagingTooLarge } from '../../../../application/ports/FileStaging';

/** Scratch files in one directory (under the data directory by default), readable by this user only. */
export class LocalFileStaging implements FileStaging {
  constructor(private readonly directory: string) {}

  async stage(body: Readable, maxBytes: number): Promise<{ file: string; sizeBytes: number }> {
    await fs.promises.mkdir(this.directory, { recursive: true, mode: 0o700 });
    const file = this.reserve('');
    let sizeBytes = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        sizeBytes += chunk.length;
        done(sizeBytes > maxBytes ? new StagingTooLarge(maxBytes) : null, chunk);
      },
    });
    const out = fs.createWriteStream(file, { mode: 0o600 });
    try {
      await pipeline(body, counted, out);
    } catch (error) {
      // The file is removed only once its stream has closed: a body broken off early can fail the
      // pipeline while the file is still being opened, and an open landing after the removal
      // would make the file again, left behind for good.
      if (!out.closed) await once(out, 'close').catch(() => undefined);
      await this.discard(file);
      // The rest of a refused body is read and dropped, so the client hears the answer.
      if (error instanceof StagingTooLarge) body.resume();
      throw error;
    }
    return { file, sizeBytes };
  }

  reserve(extension: string): string {
    return path.join(this.directory, `${randomBytes(12).toString('hex')}${extension}`);
  }

  open(file: string): Readable {
    return fs.createReadStream(file);
  }

  async discard(file: string): Promise<void> {
    await fs.promises.rm(file, { force: true });
  }

  async sweep(before: Date): Promise<number> {
    const names = await fs.promises.readdir(this.directory).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names) {
      const file = path.join(this.directory, name);
      const stat = await fs.promises.stat(file).catch(() => null);
      if (stat?.isFile() && stat.mtime < before) {
        await this.discard(file);
        removed += 1;
      }
    }
    return removed;
  }
}
