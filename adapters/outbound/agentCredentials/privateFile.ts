import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Creates the file's directory, readable by this user only (0700), and makes it so if it was not. */
export async function privateDirectory(file: string): Promise<void> {
  const dir = path.dirname(file);
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  await fs.chmod(dir, 0o700);
}

/**
 * Replaces `file` with `text` all at once: written to a temporary file of its own (0600) beside
 * it, flushed, then renamed over it, so a reader sees the old content or the new, never half of
 * one, and a crash leaves the old file whole.
 */
export async function writePrivateFile(file: string, text: string): Promise<void> {
  await privateDirectory(file);
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const handle = await fs.open(temporary, 'wx', 0o600);
  try {
    await handle.chmod(0o600);
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await fs.rename(temporary, file);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
}
