import { type ConnectionRepository } from '../../domain/connection/ConnectionRepository';
import { type Clock } from '../ports/Clock';
import { type ConnectionCredentials } from '../ports/platforms/ConnectionCredentials';
import { type PlatformGrant } from '../ports/platforms/PlatformGrant';
import { type FreshGrants } from './FreshGrants';
import { type PlatformConnectors } from './PlatformConnectors';

const DAY_MS = 86_400_000;
const BATCH = 100;

/**
 * A grant that would die unused is renewed while it still can be: a long-lived token without a
 * refresh token (Threads, Instagram, Facebook: 60 days) or a refresh token near its own end.
 * Run by the worker's housekeeping at most once an hour (docs/decisions.md, "Connections").
 */
export class KeepGrantsAlive {
  private lastRun: number | null = null;

  constructor(
    private readonly credentials: ConnectionCredentials,
    private readonly connections: ConnectionRepository,
    private readonly connectors: PlatformConnectors,
    private readonly grants: FreshGrants,
    private readonly clock: Clock,
    private readonly horizonDays = 7,
    private readonly everyMs = 3_600_000,
  ) {}

  async sweep(): Promise<{ renewed: number; failed: number }> {
    const now = this.clock.now().getTime();
    if (this.lastRun !== null && now - this.lastRun < this.everyMs) return { renewed: 0, failed: 0 };
    this.lastRun = now;
    let renewed = 0;
    let failed = 0;
    for (let after: string | null = null; ; ) {
      const page = await this.credentials.page(after, BATCH);
      for (const { connectionId, grant } of page) {
        if (!this.endsSoon(grant, now)) continue;
        const connection = await this.connections.findById(connectionId);
        const connector = connection === null ? null : this.connectors.get(connection.platform);
        if (connection === null || connector === null || connection.status !== 'active') continue;
        if ((await this.grants.of(connection, connector, true)).ok) renewed += 1;
        else failed += 1;
      }
      if (page.length < BATCH) return { renewed, failed };
      after = page[page.length - 1]!.connectionId;
    }
  }

  /** The date past which the grant cannot be renewed any more, within the horizon. */
  private endsSoon(grant: PlatformGrant, now: number): boolean {
    if (grant.kind !== 'oauth2') return false;
    const end = grant.refreshToken === null ? grant.accessExpiresAt : grant.refreshExpiresAt;
    return end !== null && end.getTime() - now < this.horizonDays * DAY_MS;
  }
}
