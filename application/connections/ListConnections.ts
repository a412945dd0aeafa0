import { type Connection } from '../../domain/connection/Connection';
import { type ConnectionRepository } from '../../domain/connection/ConnectionRepository';

export class ListConnections {
  constructor(private readonly connections: ConnectionRepository) {}

  execute(workspaceId: string, page: { limit: number; offset: number }): Promise<{ items: Connection[]; total: number }> {
    return this.connections.listByWorkspace(workspaceId, page);
  }
}
