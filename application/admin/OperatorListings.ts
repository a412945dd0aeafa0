import { type ApiKey } from '../../domain/credential/ApiKey';
import { type ApiKeyRepository } from '../../domain/credential/ApiKeyRepository';
import { type Connection } from '../../domain/connection/Connection';
import { type ConnectionRepository } from '../../domain/connection/ConnectionRepository';
import { type User } from '../../domain/user/User';
import { type UserRepository } from '../../domain/user/UserRepository';
import { type MembershipRepository } from '../../domain/workspace/MembershipRepository';
import { type Role } from '../../domain/workspace/Role';
import { type WorkspaceRepository } from '../../domain/workspace/WorkspaceRepository';
import { workspaceById } from './lookups';

export interface UserListing {
  readonly user: User;
  /** Each workspace the user belongs to, with their role in it. */
  readonly workspaces: ReadonlyArray<{ readonly id: string; readonly name: string; readonly role: Role }>;
}

export interface ApiKeyListing {
  readonly apiKey: ApiKey;
  /** The email of the member the key acts as (null if that user is gone). */
  readonly email: string | null;
}

const CONNECTIONS_PAGE = 100;

/**
 * What the operator reads to find their way back in (`user list`, `apikey list`,
 * `connection list`): every user with their workspaces, a workspace's keys (never their
 * secrets: only hashes are kept) and its connected accounts. An unknown workspace is refused,
 * not answered with an empty list, so a mistyped id is not mistaken for an empty workspace.
 */
export class OperatorListings {
  constructor(
    private readonly users: UserRepository,
    private readonly memberships: MembershipRepository,
    private readonly workspaces: WorkspaceRepository,
    private readonly apiKeys: ApiKeyRepository,
    private readonly connections: ConnectionRepository,
  ) {}

  async listUsers(): Promise<UserListing[]> {
    const users = await this.users.list();
    const names = new Map<string, string>();
    const listings: UserListing[] = [];
    for (const user of users) {
      const workspaces = [];
      for (const membership of await this.memberships.listByUser(user.id)) {
        let name = names.get(membership.workspaceId);
        if (name === undefined) {
          name = (await this.workspaces.findById(membership.workspaceId))?.name ?? '';
          names.set(membership.workspaceId, name);
        }
        workspaces.push({ id: membership.workspaceId, name, role: membership.role });
      }
      listings.push({ user, workspaces });
    }
    return listings;
  }

  /** Every key of the workspace, revoked ones included, oldest first. */
  async listApiKeys(workspaceId: string): Promise<ApiKeyListing[]> {
    const workspace = await workspaceById(this.workspaces, workspaceId);
    const emails = new Map<string, string | null>();
    const listings: ApiKeyListing[] = [];
    for (const apiKey of await this.apiKeys.listByWorkspace(workspace.id)) {
      if (!emails.has(apiKey.userId)) emails.set(apiKey.userId, (await this.users.findById(apiKey.userId))?.email ?? null);
      listings.push({ apiKey, email: emails.get(apiKey.userId) ?? null });
    }
    return listings;
  }

  /** Every connection of the workspace, oldest first. */
  async listConnections(workspaceId: string): Promise<Connection[]> {
    const workspace = await workspaceById(this.workspaces, workspaceId);
    const all: Connection[] = [];
    for (;;) {
      const page = await this.connections.listByWorkspace(workspace.id, { limit: CONNECTIONS_PAGE, offset: all.length });
      all.push(...page.items);
      if (page.items.length < CONNECTIONS_PAGE || all.length >= page.total) return all;
    }
  }
}
