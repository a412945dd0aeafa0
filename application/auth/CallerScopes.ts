import { type Credential } from '../../domain/credential/Credential';
import { type Scope } from '../../domain/credential/Scope';
import { userScopes } from '../../domain/credential/UserAccess';
import { type MembershipRepository } from '../../domain/workspace/MembershipRepository';
import { type Role } from '../../domain/workspace/Role';

/**
 * What a credential may do at all, read live: its scopes within its role in its workspace (an
 * API key within its frozen role too), or for a session what the person's highest role allows.
 * It tells a client which operations to offer (the MCP server's tools/list); each operation
 * still checks its own workspace's access (AuthorizeWorkspace).
 */
export class CallerScopes {
  constructor(private readonly memberships: MembershipRepository) {}

  async of(credential: Credential): Promise<ReadonlySet<Scope>> {
    const roles = new Map<string, Role>((await this.memberships.listByUser(credential.userId)).map((m) => [m.workspaceId, m.role]));
    return userScopes(credential, roles);
  }
}
