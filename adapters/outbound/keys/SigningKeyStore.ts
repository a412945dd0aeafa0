/** A key the service signs session tokens with; the private half is stored encrypted. */
export interface StoredSigningKey {
  kid: string;
  algorithm: string;
  publicJwk: string;
  encryptedPrivateJwk: string;
  createdAt: Date;
}

/** Where signing keys live between restarts. Adding a kid that exists fails with a conflict. */
export interface SigningKeyStore {
  /** Oldest first (ties by kid), so the newest key is the last one. */
  list(): Promise<StoredSigningKey[]>;
  add(key: StoredSigningKey): Promise<void>;
}
