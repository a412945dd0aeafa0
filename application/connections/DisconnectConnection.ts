import { type Connection } from '../../domain/connection/Connection';
import { type ConnectionRepository } from '../../domain/connection/ConnectionRepository';
import { notFound } from '../../domain/shared/DomainError';
import { type Clock } from '../ports/Clock';
import { type EventSink } from '../ports/EventSink';
import { type Logger } from '../ports/Logger';
import { type ConnectionCredentials } from '../ports/platforms/ConnectionCredentials';
import { type UnitOfWork } from '../ports/UnitOfWork';
import { type PlatformConnectors } from './PlatformConnectors';

/**
 * Disconnects an account: the grant revoked at the platform where it can be (best effort),
 * the credentials removed, the connection kept as `disconnected` so the posts that name it
 * still read, and their pending targets fail with that reason (docs/decisions.md, "Connections").
 * Saved with its `connection.disconnected` event (sent when it was not disconnected already).
 */
export class DisconnectConnection {
  constructor(
    private readonly connections: ConnectionRepository,
    private readonly credentials: ConnectionCredentials,
    private readonly connectors: PlatformConnectors,
    private readonly unitOfWork: UnitOfWork,
    private readonly events: EventSink,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  async execute(workspaceId: string, connectionId: string): Promise<void> {
    const connection = await this.connections.findById(connectionId);
    if (connection === null || connection.workspaceId !== workspaceId) throw notFound('Connection');
    const grant = await this.credentials.find(connection.id);
    const connector = this.connectors.get(connection.platform);
    if (grant !== null && connector !== null && !(await this.grantStillUsed(connection))) {
      await connector.tokens.revoke(grant).catch((error: unknown) => {
        this.logger.warn('revoking a grant at the platform failed; the credentials are removed anyway', { connectionId, error: String(error) });
      });
    }
    await this.credentials.remove(connection.id);
    const now = this.clock.now();
    connection.disconnect(now);
    await this.unitOfWork.run(async () => {
      await this.connections.save(connection);
      await this.events.record(connection.workspaceId, connection.takeEvents(), now);
    });
  }

  /**
   * The account's other connections here (its pages, boards, channels) were made from the same
   * grant: revoking it would end them too (Facebook's revocation removes the app from the whole
   * account), so it is only revoked with the last of them (docs/decisions.md, "Connections").
   */
  private async grantStillUsed(connection: Connection): Promise<boolean> {
    if (connection.accountId === null) return false;
    const siblings = await this.connections.listByAccount(connection.workspaceId, connection.platform, connection.accountId);
    return siblings.some((c) => c.id !== connection.id && c.status !== 'disconnected');
  }
}
