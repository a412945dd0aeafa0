import { createHash, randomBytes } from 'node:crypto';
import { type PkceChallenges } from '../../../application/ports/PkceChallenges';

/** 32 random bytes as the verifier (43 characters), BASE64URL(SHA-256(verifier)) as the challenge. */
export class NodePkceChallenges implements PkceChallenges {
  pair(): { verifier: string; challenge: string } {
    const verifier = randomBytes(32).toString('base64url');
    return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
  }
}
