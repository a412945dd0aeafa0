import { type Connection } from '../../domain/connection/Connection';
import { type ConnectionRepository } from '../../domain/connection/ConnectionRepository';
import { type Clock } from '../ports/Clock';
import { type UnitOfWork } from '../ports/UnitOfWork';
import { type EventPresenter } from '../ports/webhooks/EventPresenter';
import { type EventOutbox } from '../webhooks/EventOutbox';

/**
 * The platform said a connection's grant is dead: it needs reconnecting, saved together with
 * its `connection.needs_reconnect` event (sent when it was not known to need it already).
 */
export class MarkNeedsReconnect {
  constructor(
    private readonly connections: ConnectionRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly outbox: EventOutbox,
    private readonly presenter: EventPresenter,
    private readonly clock: Clock,
  ) {}

  run(connection: Connection, reason: string): Promise<void> {
    const now = this.clock.now();
    const news = connection.status !== 'needs_reconnect';
    connection.needsReconnect(reason, now);
    return this.unitOfWork.run(async () => {
      await this.connections.save(connection);
      if (!news) return;
      const data = () => ({ connection: this.presenter.connection(connection), reason });
      await this.outbox.emit(connection.workspaceId, [{ type: 'connection.needs_reconnect', data }], now);
    });
  }
}
