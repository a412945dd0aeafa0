import { Connection } from '../../domain/connection/Connection';
import { ACCEPTED_PLATFORM_NAMES, type Platform, platformNamed } from '../../domain/platform/Platform';
import { validationError } from '../../domain/shared/DomainError';
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

  async execute(input: AddConnectionInput): Promise<Connection> {
    const workspace = await workspaceById(this.workspaces, input.workspaceId);
    const connection = Connection.create({
      id: this.ids.next(),
      workspaceId: workspace.id,
      platform: platformOf(input.platform),
      handle: input.handle,
      displayName: input.displayName,
      sandbox: input.sandbox ?? false,
      now: this.clock.now(),
    });
    await this.connections.save(connection);
    return connection;
  }

  /**
   * As execute, unless the workspace already has a live connection of that platform and handle,
   * sandbox or not alike: that one is kept and returned, so a walk-through run twice adds one
   * account, not two (docs/decisions.md, "What a newcomer tripped over").
   */
  async ensure(input: AddConnectionInput): Promise<{ connection: Connection; created: boolean }> {
    const workspace = await workspaceById(this.workspaces, input.workspaceId);
    const platform = platformOf(input.platform);
    const handle = input.handle.trim();
    const sandbox = input.sandbox ?? false;
    for (let offset = 0; ; offset += PAGE) {
      const page = await this.connections.listByWorkspace(workspace.id, { limit: PAGE, offset });
      const same = page.items.find((c) => c.platform === platform && c.handle === handle && c.isSandbox === sandbox && c.status !== 'disconnected');
      if (same !== undefined) return { connection: same, created: false };
      if (page.items.length < PAGE) break;
    }
    return { connection: await this.execute(input), created: true };
  }
}

export interface AddConnectionInput {
  readonly workspaceId: string;
  readonly platform: string;
  readonly handle: string;
  readonly displayName?: string;
  readonly sandbox?: boolean;
}

const PAGE = 100;

/** The operator names a platform freely: any case, or an alias (`twitter`, `x`). */
function platformOf(name: string): Platform {
  const platform = platformNamed(name);
  if (platform === null) throw validationError('invalid_platform', [{ path: 'platform', message: `must be one of ${ACCEPTED_PLATFORM_NAMES}` }]);
  return platform;
}
