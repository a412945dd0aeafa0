import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { chmod, type FileHandle, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type ByteRange, type MediaStore, type StoredObject } from '../../../../application/ports/MediaStore';
import { assertSafeMediaKey } from './mediaKeys';

/**
 * Media bytes as files under one root directory (`<DATA_DIR>/media`), one file per key.
 * Writes go to a hidden temp file beside the target and are renamed into place once complete,
 * so a reader never sees half a file and a failed write leaves nothing under the key.
 * There are no presigned URLs: the service serves these files itself. Like the rest of the data
 * directory, files are 0600 and directories 0700; the root is narrowed to 0700 on the first
 * write, so files an older version left 0644 are out of other users' reach too.
 *
 * Library items are keyed `media/<workspace>/<id>` (a bucket's layout, see MediaItem); the root
 * already is the media directory, so that leading `media/` is not a folder here: an item lands
 * in `<root>/<workspace>/<id>`, not `<root>/media/<workspace>/<id>`. Items stored there by
 * earlier versions are still found, and removed with their key (`legacyPathOf`); nothing is moved.
 */
export class LocalDiskMediaStore implements MediaStore {
  private rootNarrowed = false;

  constructor(private readonly root: string) {}

  async put(key: string, body: Readable, _contentType: string): Promise<{ readonly sizeBytes: number }> {
    return this.writeAtomically(this.pathOf(key), body);
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
    // Open first and stat the open file, so a concurrent delete cannot split the two.
    const handle = await this.openStored(key);
    if (!handle) return null;
    try {
      const stats = await handle.stat();
      if (!stats.isFile()) {
        await handle.close();
        return null;
      }
      const size = stats.size;
      const bounds = range ? boundsWithin(range, size) : {};
      return { body: handle.createReadStream({ ...bounds, autoClose: true }), sizeBytes: size };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async size(key: string): Promise<number | null> {
    for (const path of this.pathsOf(key)) {
      const stats = await stat(path).catch(nullWhenMissing);
      if (stats?.isFile()) return stats.size;
    }
    return null;
  }

  async delete(key: string): Promise<void> {
    for (const path of this.pathsOf(key)) await rm(path, { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertSafeMediaKey(prefix, { allowTrailingSlash: true });
    await this.deleteUnder(onDisk(prefix));
    if (onDisk(prefix) !== prefix) await this.deleteUnder(prefix);
  }

  private async deleteUnder(prefix: string): Promise<void> {
    if (prefix.endsWith('/')) {
      await rm(join(this.root, prefix), { recursive: true, force: true });
      return;
    }
    // A prefix ending mid-name: every entry of its directory whose name starts with the rest.
    const directory = join(this.root, dirname(prefix));
    const namePrefix = basename(prefix);
    const entries = await readdir(directory).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? [] : Promise.reject(error)));
    const matching = entries.filter((name) => name.startsWith(namePrefix));
    await Promise.all(matching.map((name) => rm(join(directory, name), { recursive: true, force: true })));
  }

  async presignedUrl(_key: string, _expiresInSeconds: number, _contentType: string): Promise<string | null> {
    return null;
  }

  private pathOf(key: string): string {
    assertSafeMediaKey(key);
    return join(this.root, onDisk(key));
  }

  /** Where the key's file is, then where an earlier version put it (`<root>/media/…`), if that differs. */
  private pathsOf(key: string): string[] {
    const path = this.pathOf(key);
    const legacy = join(this.root, key);
    return legacy === path ? [path] : [path, legacy];
  }

  private async openStored(key: string): Promise<FileHandle | null> {
    for (const path of this.pathsOf(key)) {
      const handle = await open(path, 'r').catch(nullWhenMissing);
      if (handle !== null) return handle;
    }
    return null;
  }

  private async writeAtomically(path: string, source: Readable): Promise<{ readonly sizeBytes: number }> {
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    if (!this.rootNarrowed) {
      await chmod(this.root, 0o700);
      this.rootNarrowed = true;
    }
    const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.partial`);
    let sizeBytes = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        sizeBytes += chunk.length;
        done(null, chunk);
      },
    });
    try {
      // flush: the bytes reach the disk before the rename makes them visible under the key.
      await pipeline(source, counter, createWriteStream(temp, { flags: 'wx', flush: true, mode: 0o600 }));
      await rename(temp, path);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return { sizeBytes };
  }
}

/** A key as a path under the root: a library item's `media/` dropped (the root is the media directory). */
function onDisk(key: string): string {
  return key.startsWith(LIBRARY) && key.length > LIBRARY.length ? key.slice(LIBRARY.length) : key;
}

const LIBRARY = 'media/';

function nullWhenMissing(error: NodeJS.ErrnoException): null {
  if (error.code === 'ENOENT') return null;
  throw error;
}

/** The inclusive byte bounds for createReadStream; `end` is clamped to the file, as S3 does. */
function boundsWithin(range: ByteRange, size: number): { start: number; end: number } {
  const end = Math.min(range.end ?? size - 1, size - 1);
  if (range.start < 0 || range.start > end) throw new RangeError(`Range ${range.start}-${range.end ?? ''} is not satisfiable for ${size} bytes`);
  return { start: range.start, end };
}
