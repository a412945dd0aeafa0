import { createHmac, timingSafeEqual } from 'node:crypto';
import { type CursorSealer } from '../../../application/ports/transcription/CursorSealer';

/** `<content, base64url>.<HMAC-SHA256>`, with a key derived from SECRET_KEY for cursors only. */
export class HmacCursorSealer implements CursorSealer {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('dispatch:list-cursors:v1').digest();
  }

  seal(content: string): string {
    const body = Buffer.from(content, 'utf8').toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  open(cursor: string): string | null {
    const [body, mac, ...rest] = cursor.split('.');
    if (body === undefined || mac === undefined || rest.length > 0) return null;
    const expected = Buffer.from(this.mac(body));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return Buffer.from(body, 'base64url').toString('utf8');
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}
