import { type Scope } from '../../domain/credential/Scope';
import { oauthError } from '../../domain/oauth/oauthError';
import { type MembershipRepository } from '../../domain/workspace/MembershipRepository';
import { ceilingOf } from '../../domain/credential/RoleCeiling';

/**
 * What a grant may still carry when tokens are issued from it: its scopes within the person's
 * live role, so a member demoted since gets less and a removed one nothing (invalid_grant).
 */
export class LiveScopes {
  constructor(private readonly memberships: MembershipRepository) {}

  async of(grant: { readonly userId: string; readonly workspaceId: string; readonly scopes: readonly Scope[] }): Promise<Scope[]> {
    const membership = await this.memberships.find(grant.workspaceId, grant.userId);
    const scopes = membership === null ? [] : grant.scopes.filter((s) => ceilingOf(membership.role).has(s));
    if (scopes.length === 0) throw oauthError('invalid_grant', 'the grant is no longer valid');
    return scopes;
  }
}
