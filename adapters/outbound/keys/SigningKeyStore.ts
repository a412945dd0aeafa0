/** A key the service signs its tokens with; the private half is stored encrypted. */
export interface StoredSigningKey {
  kid: string;
  algorithm: string;
  publicJwk: string;
  encryptedPrivateJwk: string;
  createdAt: Date;
  /**
   * When it may start signing: published (in the JWKS) from createdAt, signing from here, so
   * caches of the JWKS have it before any token does. Keys stored before rotation existed
   * read back with activatesAt = createdAt.
   */
  activatesAt: Date;
}

/** Where signing keys live between restarts. Adding a kid that exists fails with a conflict. */
export interface SigningKeyStore {
  /** Oldest first (ties by kid), so the newest key is the last one. */
  list(): Promise<StoredSigningKey[]>;
  add(key: StoredSigningKey): Promise<void>;
  /** Forgets a retired key whose tokens have all expired; a kid not stored is no error. */
  remove(kid: string): Promise<void>;
}
