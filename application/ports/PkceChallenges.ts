/** RFC 7636: a fresh verifier and its S256 challenge, and the check of a verifier a client sends back. */
export interface PkceChallenges {
  pair(): { readonly verifier: string; readonly challenge: string };
  /** Whether BASE64URL(SHA-256(verifier)) is the challenge, compared in constant time. */
  verifies(verifier: string, challenge: string): boolean;
}
