import fs from 'node:fs/promises';

/** A lock older than this was left by a process that died holding it (a refresh takes seconds). */
const STALE_MS = 60_000;
const RETRY_MS = 50;

/**
 * Runs `work` holding `lockPath`, a file created exclusively (O_EXCL) and removed afterwards: the
 * processes of one user that share a credentials file take turns. A lock left behind by a dead
 * process is taken over once it is older than a minute.
 */
export async function withFileLock<T>(lockPath: string, work: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      const handle = await fs.open(lockPath, 'wx', 0o600);
      await handle.writeFile(String(process.pid));
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = await fs.stat(lockPath).then(
        (stat) => Date.now() - stat.mtimeMs,
        () => 0,
      );
      if (age > STALE_MS) await fs.rm(lockPath, { force: true });
      else await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }
  try {
    return await work();
  } finally {
    await fs.rm(lockPath, { force: true });
  }
}
