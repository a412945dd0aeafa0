import { type IdempotencyBegin, type IdempotencyStore, type StoredResponse } from '../../../application/ports/IdempotencyStore';
import { type SecretBox } from './SecretBox';

/**
 * Keeps every stored response body sealed at rest (AES-256-GCM under SECRET_KEY): a stored
 * answer can hold a secret shown once (apiKeys.create's `key: dsk_…`), and a database dump
 * or backup must not hand it out. Status and content type stay readable: they reveal nothing.
 *
 * A body that cannot be opened (SECRET_KEY changed, a row altered) fails `begin`, which the
 * middleware answers with a retryable 503: never running the request a second time, never
 * replaying something that is not what was sent. Such a record goes away when it expires.
 */
export class EncryptedIdempotencyStore implements IdempotencyStore {
  constructor(
    private readonly inner: IdempotencyStore,
    private readonly box: SecretBox,
  ) {}

  async begin(scope: string, key: string, fingerprint: string, now: Date, leaseMs: number): Promise<IdempotencyBegin> {
    const begun = await this.inner.begin(scope, key, fingerprint, now, leaseMs);
    if (begun.outcome !== 'completed') return begun;
    return { outcome: 'completed', response: { ...begun.response, body: this.box.open(begun.response.body) } };
  }

  complete(scope: string, key: string, response: StoredResponse, keepUntil: Date): Promise<void> {
    return this.inner.complete(scope, key, { ...response, body: this.box.seal(response.body) }, keepUntil);
  }

  abandon(scope: string, key: string): Promise<void> {
    return this.inner.abandon(scope, key);
  }

  markingEffects<T>(scope: string, key: string, keepUntil: Date, work: () => Promise<T>): Promise<T> {
    return this.inner.markingEffects(scope, key, keepUntil, work);
  }
}
