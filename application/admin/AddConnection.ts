import { Connection } from '../../domain/connection/Connection';
import { type ConnectionRepository } from '../../domain/connection/ConnectionRepository';
import { isPlatform, PLATFORMS } from '../../domain/platform/Platform';
import { validationError } from '../../domain/shared/DomainError';
import { type WorkspaceRepository } from '../../domain/workspace/WorkspaceRepository';
import { type Clock } from '../ports/Clock';
import { type IdGenerator } from '../ports/IdGenerator';
import { workspaceById } from './lookups';

/** Records a connected account by hand (the operator path; OAuth connect flows come later). */
export class AddConnection {
  constructor(
    private readonly connections: ConnectionRepository,
    private readonly workspaces: WorkspaceRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(input: { workspaceId: string; platform: string; handle: string; displayName?: string }): Promise<Connection> {
    const workspace = await workspaceById(this.workspaces, input.workspaceId);
    const platform = input.platform.toUpperCase();
    if (!isPlatform(platform)) {
      throw validationError('invalid_platform', [{ path: 'platform', message: `must be one of ${PLATFORMS.join(', ')}` }]);
    }
    const connection = Connection.create({
      id: this.ids.next(), workspaceId: workspace.id, platform, handle: input.handle,
      displayName: input.displayName, now: this.clock.now(),
    });
    await this.connections.save(connection);
    return connection;
  }
}
