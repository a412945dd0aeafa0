import { conflict } from '../../../../domain/shared/DomainError';
import { type SigningKeyStore, type StoredSigningKey } from '../../keys/SigningKeyStore';
import { copyOf, oldestFirst } from './ordering';

export class MemorySigningKeyStore implements SigningKeyStore {
  private readonly byKid = new Map<string, StoredSigningKey>();

  async list(): Promise<StoredSigningKey[]> {
    return [...this.byKid.values()].sort(oldestFirst((k) => k.kid)).map(copyOf);
  }

  async add(key: StoredSigningKey): Promise<void> {
    if (this.byKid.has(key.kid)) throw conflict('signing_key_exists', `a signing key with kid ${key.kid} exists`);
    this.byKid.set(key.kid, copyOf(key));
  }

  async remove(kid: string): Promise<void> {
    this.byKid.delete(kid);
  }
}
