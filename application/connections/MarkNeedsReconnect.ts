import { type Connection } from '../../domain/connection/Connection';
import { type ConnectionRepository } from '../../domain/connection/ConnectionRepository';
import { type Clock } from '../ports/Clock';
import { type UnitOfWork } from '../ports/UnitOfWork';
import { type EventSink } from '../ports/EventSink';

/**
 * The platform said a connection's grant is dead: it needs reconnecting, saved together with
 * its `connection.needs_reconnect` event (sent when it was not known to need it already).
 */
export class MarkNeedsReconnect {
  constructor(
    private readonly connections: ConnectionRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly events: EventSink,
    private readonly clock: Clock,
  ) {}

  run(connection: Connection, reason: string): Promise<void> {
    const now = this.clock.now();
    connection.needsReconnect(reason, now);
    return this.unitOfWork.run(async () => {
      await this.connections.save(connection);
      await this.events.record(connection.workspaceId, connection.takeEvents(), now);
    });
  }
}
