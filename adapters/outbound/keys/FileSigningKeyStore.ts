import fs from 'node:fs/promises';
import path from 'node:path';
import { type SigningKeyStore, type StoredSigningKey } from './SigningKeyStore';

/** As written to disk; files written before key rotation existed have no activatesAt. */
interface StoredOnDisk extends Omit<StoredSigningKey, 'createdAt' | 'activatesAt'> {
  readonly createdAt: string;
  readonly activatesAt?: string;
}

/** Keys in one JSON file readable by the service's user only (KEY_STORE=file). */
export class FileSigningKeyStore implements SigningKeyStore {
  constructor(private readonly file: string) {}

  async list(): Promise<StoredSigningKey[]> {
    let text: string;
    try {
      text = await fs.readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    return (JSON.parse(text) as StoredOnDisk[])
      .map((k) => ({ ...k, createdAt: new Date(k.createdAt), activatesAt: new Date(k.activatesAt ?? k.createdAt) }))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.kid < b.kid ? -1 : a.kid > b.kid ? 1 : 0));
  }

  async add(key: StoredSigningKey): Promise<void> {
    const keys = await this.list();
    keys.push(key);
    await this.write(keys);
  }

  async remove(kid: string): Promise<void> {
    const keys = await this.list();
    if (keys.some((k) => k.kid === kid)) await this.write(keys.filter((k) => k.kid !== kid));
  }

  private async write(keys: StoredSigningKey[]): Promise<void> {
    await fs.mkdir(path.dirname(this.file), { recursive: true, mode: 0o700 });
    const temporary = `${this.file}.${process.pid}.tmp`;
    // A mode applies only to a file being created: one left by a crashed write goes first.
    await fs.rm(temporary, { force: true });
    await fs.writeFile(temporary, JSON.stringify(keys, null, 2), { mode: 0o600, flag: 'wx' });
    await fs.rename(temporary, this.file);
  }
}
