import { type Platform } from '../../../domain/platform/Platform';

/** A signer waiting for its account's approval, bound to who asked for it and where. */
export interface PendingSigner {
  readonly id: string;
  /** The platform's name for the signer (sealed at rest: with the app's key it can publish). */
  readonly signerId: string;
  readonly workspaceId: string;
  readonly userId: string;
  readonly platform: Platform;
  readonly returnTo: string | null;
  readonly expiresAt: Date;
}

/** Signers in flight (docs/decisions.md, "Connections"): kept until approved, refused or expired. */
export interface PendingSigners {
  save(signer: PendingSigner): Promise<void>;
  /** In id order, after `afterId` (null: from the first), at most `limit`. */
  page(afterId: string | null, limit: number): Promise<PendingSigner[]>;
  /** Whether this call removed it: of two workers settling one signer, one wins. */
  remove(id: string): Promise<boolean>;
}
