import { Connection } from '../../domain/connection/Connection';
import { type ConnectionRepository } from '../../domain/connection/ConnectionRepository';
import { type WorkspaceRepository } from '../../domain/workspace/WorkspaceRepository';
import { type Clock } from '../ports/Clock';
import { type IdGenerator } from '../ports/IdGenerator';
import { workspaceById } from './lookups';

/**
 * Records a connected account by hand (the operator path; OAuth connect flows come later).
 * A sandbox one publishes into this service's own database (docs/decisions.md, "The sandbox platform").
 */
export class AddConnection {
  constructor(
    private readonly connections: ConnectionRepository,
    private readonly workspaces: WorkspaceRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(input: { workspaceId: string; platform: string; handle: string; displayName?: string; sandbox?: boolean }): Promise<Connection> {
    const workspace = await workspaceById(this.workspaces, input.workspaceId);
    // Any case is accepted (`twitter`); the connection refuses a platform it does not know.
    const connection = Connection.create({
      id: this.ids.next(),
      workspaceId: workspace.id,
      platform: input.platform.toUpperCase(),
      handle: input.handle,
      displayName: input.displayName,
      sandbox: input.sandbox ?? false,
      now: this.clock.now(),
    });
    await this.connections.save(connection);
    return connection;
  }
}
