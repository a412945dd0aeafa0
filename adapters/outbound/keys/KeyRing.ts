import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import { type Clock } from '../../../application/ports/Clock';
import { type SecretBox } from './SecretBox';
import { type SigningKeyStore } from './SigningKeyStore';

const ALGORITHM = 'ES256';

export interface SigningKey {
  readonly kid: string;
  readonly privateKey: CryptoKey;
}

/**
 * The service's signing keys, shared by every instance through a SigningKeyStore.
 * The newest key signs; every stored key verifies, so tokens survive a rotation.
 */
export class KeyRing {
  private publicKeys = new Map<string, CryptoKey>();
  private signing: SigningKey | null = null;
  private loading: Promise<void> | null = null;

  constructor(
    private readonly store: SigningKeyStore,
    private readonly box: SecretBox,
    private readonly clock: Clock,
  ) {}

  readonly algorithm = ALGORITHM;

  async signingKey(): Promise<SigningKey> {
    if (this.signing === null) await this.reload();
    if (this.signing === null) await this.rotate();
    return this.signing!;
  }

  /** Finds a verification key, reloading once in case another instance added it. */
  async publicKey(kid: string): Promise<CryptoKey | null> {
    if (!this.publicKeys.has(kid)) await this.reload();
    return this.publicKeys.get(kid) ?? null;
  }

  async publicJwks(): Promise<JWK[]> {
    await this.reload();
    const stored = await this.store.list();
    return stored.map((k) => ({ ...(JSON.parse(k.publicJwk) as JWK), kid: k.kid, alg: k.algorithm, use: 'sig' }));
  }

  async rotate(): Promise<SigningKey> {
    const { privateKey, publicKey } = await generateKeyPair(ALGORITHM, { extractable: true });
    const publicJwk = await exportJWK(publicKey);
    const kid = await calculateJwkThumbprint(publicJwk);
    const createdAt = this.clock.now();
    await this.store.add({
      kid,
      algorithm: ALGORITHM,
      publicJwk: JSON.stringify(publicJwk),
      encryptedPrivateJwk: this.box.seal(JSON.stringify(await exportJWK(privateKey))),
      createdAt,
    });
    await this.reload();
    // Sign with the key just made, whatever order the store lists same-millisecond keys in.
    this.signing = { kid, privateKey };
    return this.signing;
  }

  private reload(): Promise<void> {
    this.loading ??= this.load().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private async load(): Promise<void> {
    const stored = await this.store.list();
    const keys = new Map<string, CryptoKey>();
    for (const key of stored) {
      keys.set(key.kid, (await importJWK(JSON.parse(key.publicJwk) as JWK, key.algorithm)) as CryptoKey);
    }
    this.publicKeys = keys;
    const newest = stored.at(-1);
    if (newest !== undefined && newest.kid !== this.signing?.kid) {
      const privateJwk = JSON.parse(this.box.open(newest.encryptedPrivateJwk)) as JWK;
      this.signing = { kid: newest.kid, privateKey: (await importJWK(privateJwk, newest.algorithm)) as CryptoKey };
    }
  }
}
