import { type Scope } from '../credential/Scope';

export type DeviceStatus = 'pending' | 'approved' | 'denied' | 'redeemed';

/** A device authorization (RFC 8628) from its request to its redemption. */
export interface DeviceAuthorization {
  readonly id: string;
  readonly deviceCodeHash: string;
  readonly userCodeHash: string;
  readonly clientId: string;
  readonly requestedScopes: readonly Scope[];
  readonly resource: string;
  readonly workspaceHint: string | null;
  readonly createdAt: Date;
  readonly expiresAt: Date;
  /** Seconds between polls, as advertised; never raised by the server (docs/decisions.md, "OAuth server"). */
  readonly intervalSeconds: number;
  readonly lastPolledAt: Date | null;
  readonly status: DeviceStatus;
  /** Set when approved: who, for which workspace, with which scopes, and the token family to come. */
  readonly decision: { readonly userId: string; readonly workspaceId: string; readonly scopes: readonly Scope[]; readonly grantId: string } | null;
}

export type PollVerdict = 'invalid_grant' | 'expired_token' | 'access_denied' | 'slow_down' | 'authorization_pending' | 'approved';

/**
 * What a poll at `now` gets. A redeemed code is spent (invalid_grant); an expired one says so
 * (expired_token) for as long as it is kept; a poll sooner than the interval after the previous
 * one is slow_down while the person has not decided yet.
 */
export function pollVerdict(device: DeviceAuthorization, now: Date): PollVerdict {
  if (device.status === 'redeemed') return 'invalid_grant';
  if (now >= device.expiresAt) return 'expired_token';
  if (device.status === 'denied') return 'access_denied';
  if (device.status === 'approved') return 'approved';
  const tooSoon = device.lastPolledAt !== null && now.getTime() - device.lastPolledAt.getTime() < device.intervalSeconds * 1000;
  return tooSoon ? 'slow_down' : 'authorization_pending';
}
