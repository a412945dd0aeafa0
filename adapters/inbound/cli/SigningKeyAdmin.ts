/** A signing key as the operator sees it (`keys list`). */
export interface SigningKeyView {
  readonly kid: string;
  readonly createdAt: Date;
  readonly activatesAt: Date;
  /** published: not signing yet; signing: the one signing now; retired: verifies, no longer signs. */
  readonly status: 'published' | 'signing' | 'retired';
  /** For a retired key: when every token it signed has expired. */
  readonly removableAfter: Date | null;
}

/** The signing keys' rotation, which the KeyRing provides. */
export interface SigningKeyAdmin {
  describe(): Promise<SigningKeyView[]>;
  rotate(): Promise<{ readonly kid: string }>;
  /** Removes the retired keys whose tokens have all expired; answers their kids. */
  prune(): Promise<string[]>;
}
