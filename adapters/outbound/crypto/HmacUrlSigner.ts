import { createHmac, timingSafeEqual } from 'node:crypto';
import { type UrlSigner } from '../../../application/ports/UrlSigner';

/** HMAC-SHA256 over the path and the expiry, with a key derived from SECRET_KEY for this use only. */
export class HmacUrlSigner implements UrlSigner {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('dispatch:signed-media-links:v1').digest();
  }

  sign(path: string, expiresAtSeconds: number): string {
    return createHmac('sha256', this.key).update(`${path}\n${expiresAtSeconds}`).digest('base64url');
  }

  verify(path: string, expiresAtSeconds: number, signature: string): boolean {
    const expected = Buffer.from(this.sign(path, expiresAtSeconds));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
