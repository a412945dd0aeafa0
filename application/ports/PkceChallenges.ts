/** RFC 7636: a fresh verifier and its S256 challenge. */
export interface PkceChallenges {
  pair(): { readonly verifier: string; readonly challenge: string };
}
