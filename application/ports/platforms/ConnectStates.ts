import { type Platform } from '../../../domain/platform/Platform';

/** One authorization in flight: who started it, for which workspace, and what proves the callback is its own. */
export interface ConnectState {
  /** SHA-256 of the state sent to the platform; the state itself is never stored. */
  readonly stateHash: string;
  readonly workspaceId: string;
  readonly userId: string;
  readonly platform: Platform;
  /** The PKCE verifier, where the platform uses PKCE. */
  readonly codeVerifier: string | null;
  readonly returnTo: string | null;
  readonly expiresAt: Date;
}

/** Authorizations in flight: each state taken once (single use), refused once expired. */
export interface ConnectStates {
  save(state: ConnectState): Promise<void>;
  /** The state, removed in the same step so a second callback finds nothing; null when unknown. */
  take(stateHash: string): Promise<ConnectState | null>;
}
