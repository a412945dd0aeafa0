import { type PlatformGrant } from './PlatformGrant';

/**
 * Each connection's grant, sealed at rest (AES-256-GCM under SECRET_KEY). Saved whole and
 * atomically: a rotated refresh token is never half written. Removed with its connection.
 */
export interface ConnectionCredentials {
  save(connectionId: string, grant: PlatformGrant, now: Date): Promise<void>;
  find(connectionId: string): Promise<PlatformGrant | null>;
  remove(connectionId: string): Promise<void>;
  /** Grants in connection id order, after `afterConnectionId` (null: from the first), at most `limit`. */
  page(afterConnectionId: string | null, limit: number): Promise<Array<{ readonly connectionId: string; readonly grant: PlatformGrant }>>;
}
