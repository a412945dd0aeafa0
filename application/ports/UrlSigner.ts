/** Signs a path with an expiry, so a link works without credentials until then, and only as signed. */
export interface UrlSigner {
  sign(path: string, expiresAtSeconds: number): string;
  /** Constant time; false for any other path, expiry or signature. */
  verify(path: string, expiresAtSeconds: number, signature: string): boolean;
}
