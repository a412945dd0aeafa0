import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { type PkceChallenges } from '../../../application/ports/PkceChallenges';

const challengeOf = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url');

/** 32 random bytes as the verifier (43 characters), BASE64URL(SHA-256(verifier)) as the challenge. */
export class NodePkceChallenges implements PkceChallenges {
  pair(): { verifier: string; challenge: string } {
    const verifier = randomBytes(32).toString('base64url');
    return { verifier, challenge: challengeOf(verifier) };
  }

  verifies(verifier: string, challenge: string): boolean {
    const computed = Buffer.from(challengeOf(verifier));
    const given = Buffer.from(challenge);
    return computed.length === given.length && timingSafeEqual(computed, given);
  }
}
