import { type Connection } from '../../domain/connection/Connection';
import { type Clock } from '../ports/Clock';
import { type ConnectionCredentials } from '../ports/platforms/ConnectionCredentials';
import { type GrantResult } from '../ports/platforms/GrantFailure';
import { type PlatformConnector } from '../ports/platforms/PlatformConnector';
import { type PlatformGrant } from '../ports/platforms/PlatformGrant';
import { type MarkNeedsReconnect } from './MarkNeedsReconnect';

/**
 * A connection's grant, renewed ahead of its expiry (the platform's own lifetimes), one
 * renewal at a time per connection in this process; the rotated grant saved whole before it
 * is used. A platform that says the grant is dead moves the connection to `needs_reconnect`
 * with its words; a timeout, a 5xx or a 429 never does (docs/decisions.md, "Connections").
 */
export class FreshGrants {
  private readonly renewing = new Map<string, Promise<GrantResult<PlatformGrant>>>();

  constructor(
    private readonly credentials: ConnectionCredentials,
    private readonly reconnect: MarkNeedsReconnect,
    private readonly clock: Clock,
  ) {}

  /** The grant to use now; `force` renews it even if it looks fresh (the platform refused it). */
  async of(connection: Connection, connector: PlatformConnector, force = false): Promise<GrantResult<PlatformGrant>> {
    const grant = await this.credentials.find(connection.id);
    if (grant === null) return this.dead(connection, 'no credentials are stored for this connection; connect the account again');
    if (!force && !connector.tokens.needsRefresh(grant, this.clock.now())) return { ok: true, grant };
    let renewal = this.renewing.get(connection.id);
    if (renewal === undefined) {
      renewal = this.renew(connection, connector, grant).finally(() => this.renewing.delete(connection.id));
      this.renewing.set(connection.id, renewal);
    }
    return renewal;
  }

  /** A grant the connector renewed itself (the platform rotated it mid-call): saved before it is used again. */
  keep(connection: Connection, grant: PlatformGrant): Promise<void> {
    return this.credentials.save(connection.id, grant, this.clock.now());
  }

  private async renew(connection: Connection, connector: PlatformConnector, grant: PlatformGrant): Promise<GrantResult<PlatformGrant>> {
    const renewed = await connector.tokens.refresh(grant);
    if (renewed.ok) {
      await this.credentials.save(connection.id, renewed.grant, this.clock.now());
      return renewed;
    }
    if (renewed.failure.kind === 'reconnect') return this.dead(connection, renewed.failure.reason);
    return renewed;
  }

  private async dead(connection: Connection, reason: string): Promise<GrantResult<PlatformGrant>> {
    await this.reconnect.run(connection, reason);
    return { ok: false, failure: { kind: 'reconnect', reason } };
  }
}
