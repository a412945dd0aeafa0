import { randomBytes } from 'node:crypto';
import { type RandomSource } from '../../../application/ports/RandomSource';

export class NodeRandomSource implements RandomSource {
  token(bytes: number): string {
    return randomBytes(bytes).toString('base64url');
  }
}
