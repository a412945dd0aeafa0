export interface RandomSource {
  /** `bytes` bytes of cryptographic randomness, base64url-encoded. */
  token(bytes: number): string;
}
