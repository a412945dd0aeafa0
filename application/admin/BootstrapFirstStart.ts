import { type UserRepository } from '../../domain/user/UserRepository';
import { type RandomSource } from '../ports/RandomSource';
import { type UnitOfWork } from '../ports/UnitOfWork';
import { type CreatedApiKey, type ManageApiKeys } from './ManageApiKeys';
import { type CreateUser } from './CreateUser';
import { type CreateWorkspace } from './CreateWorkspace';

export interface FirstStartCredentials {
  readonly email: string;
  readonly password: string;
  readonly workspaceId: string;
  readonly apiKey: CreatedApiKey;
}

export const FIRST_OWNER_EMAIL = 'owner@dispatch.local';

/**
 * On an empty database, makes a local owner, a workspace and an owner API key so a
 * newcomer's first request works. Returns null when any user exists: it runs once.
 */
export class BootstrapFirstStart {
  constructor(
    private readonly users: UserRepository,
    private readonly createUser: CreateUser,
    private readonly createWorkspace: CreateWorkspace,
    private readonly apiKeys: ManageApiKeys,
    private readonly random: RandomSource,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  /** All or nothing: a crash half-way must not leave an owner whose password was never shown. */
  execute(): Promise<FirstStartCredentials | null> {
    return this.unitOfWork.run(async () => {
      if ((await this.users.count()) > 0) return null;
      const password = this.random.token(18);
      await this.createUser.execute({ email: FIRST_OWNER_EMAIL, password, name: 'Local owner' });
      const { workspace } = await this.createWorkspace.execute({ name: 'My workspace', ownerEmail: FIRST_OWNER_EMAIL });
      const apiKey = await this.apiKeys.create({ workspaceId: workspace.id, email: FIRST_OWNER_EMAIL, role: 'owner', name: 'First-start key' });
      return { email: FIRST_OWNER_EMAIL, password, workspaceId: workspace.id, apiKey };
    });
  }
}
