import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import { type Clock } from '../../../application/ports/Clock';
import { type SecretBox } from './SecretBox';
import { type SigningKeyStore, type StoredSigningKey } from './SigningKeyStore';

const ALGORITHM = 'ES256';
/** How often a running instance looks for keys another instance rotated in or pruned. */
const RELOAD_EVERY_MS = 60_000;

export interface SigningKey {
  readonly kid: string;
  readonly privateKey: CryptoKey;
}

export interface KeyRotationOptions {
  /** How long a rotated key is published before it signs, so caches of the JWKS have it first. */
  readonly publishAheadSeconds: number;
  /** The longest lifetime of any token the keys sign (sessions, access tokens). */
  readonly longestTokenLifetimeSeconds: number;
}

export const DEFAULT_ROTATION: KeyRotationOptions = { publishAheadSeconds: 3600, longestTokenLifetimeSeconds: 12 * 3600 };

export type KeyStatus = 'published' | 'signing' | 'retired';

export interface KeyDescription {
  readonly kid: string;
  readonly createdAt: Date;
  readonly activatesAt: Date;
  readonly status: KeyStatus;
  /** For a retired key: when every token it signed has expired, and prune() may remove it. */
  readonly removableAfter: Date | null;
}

/**
 * The service's signing keys, shared by every instance through a SigningKeyStore.
 * Every stored key is published and verifies; the newest active key signs. A rotated key is
 * published ahead of signing; a retired one stays until the tokens it signed have expired.
 */
export class KeyRing {
  private publicKeys = new Map<string, CryptoKey>();
  private stored: StoredSigningKey[] = [];
  private signing: SigningKey | null = null;
  private loading: Promise<void> | null = null;
  private loadedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly store: SigningKeyStore,
    private readonly box: SecretBox,
    private readonly clock: Clock,
    private readonly rotation: KeyRotationOptions = DEFAULT_ROTATION,
  ) {}

  readonly algorithm = ALGORITHM;

  async signingKey(): Promise<SigningKey> {
    // A published key becomes the signer by the clock alone: look again whenever it may have.
    const stale = this.clock.now().getTime() - this.loadedAt >= RELOAD_EVERY_MS;
    if (this.signing === null || stale || this.signerKid() !== this.signing.kid) await this.reload();
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
    return this.byActivation().map((k) => ({ ...(JSON.parse(k.publicJwk) as JWK), kid: k.kid, alg: k.algorithm, use: 'sig' }));
  }

  /**
   * Adds a key. The first key ever signs at once; a later one is published now and signs after
   * the publish-ahead delay. Activation instants strictly increase, so the order is never a tie.
   */
  async rotate(): Promise<SigningKey> {
    await this.reload();
    const { privateKey, publicKey } = await generateKeyPair(ALGORITHM, { extractable: true });
    const publicJwk = await exportJWK(publicKey);
    const kid = await calculateJwkThumbprint(publicJwk);
    const createdAt = this.clock.now();
    const latest = Math.max(...this.stored.map((k) => k.activatesAt.getTime()));
    const activatesAt = this.stored.length === 0 ? createdAt : new Date(Math.max(createdAt.getTime() + this.rotation.publishAheadSeconds * 1000, latest + 1));
    await this.store.add({
      kid,
      algorithm: ALGORITHM,
      publicJwk: JSON.stringify(publicJwk),
      encryptedPrivateJwk: this.box.seal(JSON.stringify(await exportJWK(privateKey))),
      createdAt,
      activatesAt,
    });
    await this.reload();
    return { kid, privateKey };
  }

  /** Every stored key, in the order they sign (the earliest first), with what it does now. */
  async describe(): Promise<KeyDescription[]> {
    await this.reload();
    const now = this.clock.now().getTime();
    const signer = this.signerKid();
    return this.byActivation().map((k) => {
      const status: KeyStatus = k.kid === signer ? 'signing' : k.activatesAt.getTime() > now ? 'published' : 'retired';
      return { kid: k.kid, createdAt: k.createdAt, activatesAt: k.activatesAt, status, removableAfter: status === 'retired' ? this.removableAfter(k) : null };
    });
  }

  /** Removes the retired keys whose tokens have all expired; answers their kids. */
  async prune(): Promise<string[]> {
    const now = this.clock.now().getTime();
    const removable = (await this.describe()).filter((k) => k.removableAfter !== null && k.removableAfter.getTime() <= now);
    for (const key of removable) await this.store.remove(key.kid);
    await this.reload();
    return removable.map((k) => k.kid);
  }

  /** A retired key's last token expires the longest token lifetime after the next key began signing. */
  private removableAfter(key: StoredSigningKey): Date | null {
    const next = this.byActivation().find((k) => k.activatesAt.getTime() > key.activatesAt.getTime());
    return next === undefined ? null : new Date(next.activatesAt.getTime() + this.rotation.longestTokenLifetimeSeconds * 1000);
  }

  private byActivation(): StoredSigningKey[] {
    return [...this.stored].sort((a, b) => a.activatesAt.getTime() - b.activatesAt.getTime() || a.createdAt.getTime() - b.createdAt.getTime());
  }

  /** The newest key whose activation has come; else (clock set back) the earliest to activate. */
  private signerKid(): string | undefined {
    const now = this.clock.now().getTime();
    const ordered = this.byActivation();
    return (ordered.filter((k) => k.activatesAt.getTime() <= now).at(-1) ?? ordered[0])?.kid;
  }

  private reload(): Promise<void> {
    this.loading ??= this.load().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private async load(): Promise<void> {
    const loadedAt = this.clock.now().getTime();
    const stored = await this.store.list();
    const keys = new Map<string, CryptoKey>();
    for (const key of stored) {
      keys.set(key.kid, (await importJWK(JSON.parse(key.publicJwk) as JWK, key.algorithm)) as CryptoKey);
    }
    this.publicKeys = keys;
    this.stored = stored;
    const signer = stored.find((k) => k.kid === this.signerKid());
    if (signer !== undefined && signer.kid !== this.signing?.kid) {
      const privateJwk = JSON.parse(this.box.open(signer.encryptedPrivateJwk)) as JWK;
      this.signing = { kid: signer.kid, privateKey: (await importJWK(privateJwk, signer.algorithm)) as CryptoKey };
    }
    this.loadedAt = loadedAt;
  }
}
