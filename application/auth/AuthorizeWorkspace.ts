import { decideWorkspaceAccess, requireScope, type WorkspaceAccess } from '../../domain/credential/AccessDecision';
import { type Credential } from '../../domain/credential/Credential';
import { type Scope } from '../../domain/credential/Scope';
import { type MembershipRepository } from '../../domain/workspace/MembershipRepository';

/** Resolves the caller's LIVE membership on every request (once per request), then decides. */
export class AuthorizeWorkspace {
  constructor(private readonly memberships: MembershipRepository) {}

  async execute(credential: Credential, workspaceId: string, scope: Scope | null): Promise<WorkspaceAccess> {
    // An API key's creator membership was read moments ago, in this request, by authentication.
    const membership =
      credential.kind === 'api_key' && credential.workspaceId === workspaceId
        ? { workspaceId, userId: credential.userId, role: credential.creatorRole }
        : await this.memberships.find(workspaceId, credential.userId);
    const access = decideWorkspaceAccess(credential, workspaceId, membership);
    if (scope !== null) requireScope(access, scope);
    return access;
  }
}
