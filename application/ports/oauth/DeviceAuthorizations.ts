import { type DeviceAuthorization } from '../../../domain/oauth/DeviceAuthorization';

/** Device authorizations (RFC 8628) in flight; each change of status is conditional on the one before. */
export interface DeviceAuthorizations {
  save(device: DeviceAuthorization): Promise<void>;
  findByDeviceCode(deviceCodeHash: string): Promise<DeviceAuthorization | null>;
  findByUserCode(userCodeHash: string): Promise<DeviceAuthorization | null>;
  recordPoll(id: string, at: Date): Promise<void>;
  /** Pending → approved (a decision) or denied (null); false when it was no longer pending. */
  decide(id: string, decision: DeviceAuthorization['decision'], at: Date): Promise<boolean>;
  /** Approved → redeemed; false when another poll redeemed it first. */
  redeem(id: string): Promise<boolean>;
  /** Removes those that expired before `before` (kept a while after expiry to answer expired_token). */
  sweep(before: Date): Promise<number>;
}
