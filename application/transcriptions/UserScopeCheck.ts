import { type Credential } from '../../domain/credential/Credential';
import { type Scope } from '../../domain/credential/Scope';
import { requireUserScope, userScopes } from '../../domain/credential/UserAccess';
import { type MembershipRepository } from '../../domain/workspace/MembershipRepository';
import { type Role } from '../../domain/workspace/Role';

/** A person's own resources need `scope` within their live roles (docs/decisions.md, "The account surface"). */
export class UserScopeCheck {
  constructor(private readonly memberships: MembershipRepository) {}

  async require(credential: Credential, scope: Scope): Promise<void> {
    const roles = new Map<string, Role>((await this.memberships.listByUser(credential.userId)).map((m) => [m.workspaceId, m.role]));
    requireUserScope(userScopes(credential, roles), scope);
  }
}
