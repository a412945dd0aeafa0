import { type Credential } from '../../domain/credential/Credential';
import { ALL_SCOPES, type Scope } from '../../domain/credential/Scope';
import { notFound } from '../../domain/shared/DomainError';
import { type User } from '../../domain/user/User';
import { type UserRepository } from '../../domain/user/UserRepository';

export interface CurrentUser {
  readonly user: User;
  readonly credential: Credential;
  /** What the credential was granted; the live role narrows it per workspace. */
  readonly grantedScopes: readonly Scope[];
}

export class GetCurrentUser {
  constructor(private readonly users: UserRepository) {}

  async execute(credential: Credential): Promise<CurrentUser> {
    const user = await this.users.findById(credential.userId);
    if (user === null) throw notFound('User');
    return { user, credential, grantedScopes: credential.kind === 'session' ? ALL_SCOPES : credential.scopes };
  }
}
