import { type Clock } from '../ports/Clock';
import { type ConsentTickets } from '../ports/oauth/ConsentTickets';
import { type DeviceAuthorizations } from '../ports/oauth/DeviceAuthorizations';
import { type TokenGrants } from '../ports/oauth/TokenGrants';
import { type SessionStore } from '../ports/SessionStore';
import { type OAuthSettings } from './OAuthSettings';

/**
 * The worker's housekeeping for sign-in and the authorization server: codes, refresh tokens,
 * families and sessions that ended, and device codes an hour after they expired (kept that long
 * so a late poll still hears expired_token).
 */
export class SweepAuthorizations {
  constructor(
    private readonly grants: TokenGrants,
    private readonly devices: DeviceAuthorizations,
    private readonly tickets: ConsentTickets,
    private readonly sessions: SessionStore,
    private readonly clock: Clock,
    private readonly settings: OAuthSettings,
  ) {}

  async sweep(): Promise<Record<string, number>> {
    const now = this.clock.now();
    return {
      // Not called tokens: the log redacts a field whose name says it holds one.
      endedGrantsAndCodes: await this.grants.sweep(now),
      deviceCodes: await this.devices.sweep(new Date(now.getTime() - this.settings.expiredKeptSeconds * 1000)),
      consentTickets: await this.tickets.sweep(now),
      sessions: await this.sessions.sweep(now),
    };
  }
}
