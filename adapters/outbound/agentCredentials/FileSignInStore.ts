import fs from 'node:fs/promises';
import { type StoredSignIn, type StoredSignIns } from '../../../application/ports/mcpBridge/StoredSignIns';
import { withFileLock } from './fileLock';
import { privateDirectory, writePrivateFile } from './privateFile';

/** The file's content: the sign-ins by base URL, dates as ISO strings. */
interface CredentialsFile {
  readonly version: 1;
  readonly signIns: Record<string, StoredSignInJson>;
}

type StoredSignInJson = Omit<StoredSignIn, 'accessTokenExpiresAt' | 'signedInAt'> & { accessTokenExpiresAt: string; signedInAt: string };

/**
 * The bridge's sign-ins in one JSON file of the user's config directory (credentialsPath), in a
 * directory only this user may enter (0700), the file readable by this user only (0600) and
 * replaced whole on every change (writePrivateFile). The file is removed with its last sign-in.
 */
export class FileSignInStore implements StoredSignIns {
  constructor(readonly location: string) {}

  async find(baseUrl: string): Promise<StoredSignIn | null> {
    const json = (await this.read()).signIns[baseUrl];
    if (json === undefined) return null;
    return { ...json, accessTokenExpiresAt: new Date(json.accessTokenExpiresAt), signedInAt: new Date(json.signedInAt) };
  }

  async save(signIn: StoredSignIn): Promise<void> {
    const file = await this.read();
    const json: StoredSignInJson = {
      ...signIn,
      accessTokenExpiresAt: signIn.accessTokenExpiresAt.toISOString(),
      signedInAt: signIn.signedInAt.toISOString(),
    };
    await this.write({ version: 1, signIns: { ...file.signIns, [signIn.baseUrl]: json } });
  }

  async remove(baseUrl: string): Promise<boolean> {
    const file = await this.read();
    if (file.signIns[baseUrl] === undefined) return false;
    const { [baseUrl]: _removed, ...rest } = file.signIns;
    if (Object.keys(rest).length === 0) await fs.rm(this.location, { force: true });
    else await this.write({ version: 1, signIns: rest });
    return true;
  }

  async exclusive<T>(work: () => Promise<T>): Promise<T> {
    await privateDirectory(this.location);
    return withFileLock(`${this.location}.lock`, work);
  }

  private async read(): Promise<CredentialsFile> {
    let text: string;
    try {
      text = await fs.readFile(this.location, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, signIns: {} };
      throw error;
    }
    let parsed: Partial<CredentialsFile> | null = null;
    try {
      parsed = JSON.parse(text) as Partial<CredentialsFile>;
    } catch {
      // Reported below, naming the file.
    }
    if (parsed === null || parsed.version !== 1 || typeof parsed.signIns !== 'object' || parsed.signIns === null) {
      throw new Error(`${this.location} is not a credentials file of this version: remove it and sign in again`);
    }
    return parsed as CredentialsFile;
  }

  private write(file: CredentialsFile): Promise<void> {
    return writePrivateFile(this.location, `${JSON.stringify(file, null, 2)}\n`);
  }
}
