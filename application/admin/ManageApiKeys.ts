import { ApiKey } from '../../domain/credential/ApiKey';
import { type ApiKeyRepository } from '../../domain/credential/ApiKeyRepository';
import { type Scope } from '../../domain/credential/Scope';
import { notFound } from '../../domain/shared/DomainError';
import { type UserRepository } from '../../domain/user/UserRepository';
import { type MembershipRepository } from '../../domain/workspace/MembershipRepository';
import { lowerRole, type Role } from '../../domain/workspace/Role';
import { type WorkspaceRepository } from '../../domain/workspace/WorkspaceRepository';
import { API_KEY_PREFIX, API_KEY_SECRET_BYTES, lookupPrefixOf } from '../auth/apiKeyFormat';
import { type Clock } from '../ports/Clock';
import { type IdGenerator } from '../ports/IdGenerator';
import { type RandomSource } from '../ports/RandomSource';
import { type SecretHasher } from '../ports/SecretHasher';
import { userByEmail, workspaceById } from './lookups';

export interface CreatedApiKey {
  readonly apiKey: ApiKey;
  /** The whole key: shown once, never stored. */
  readonly secret: string;
}

export class ManageApiKeys {
  constructor(
    private readonly apiKeys: ApiKeyRepository,
    private readonly workspaces: WorkspaceRepository,
    private readonly memberships: MembershipRepository,
    private readonly users: UserRepository,
    private readonly hasher: SecretHasher,
    private readonly random: RandomSource,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  /** The operator path: the creator named by email. */
  async create(input: { workspaceId: string; email: string; role: Role; scopes?: readonly Scope[]; name?: string }): Promise<CreatedApiKey> {
    const workspace = await workspaceById(this.workspaces, input.workspaceId);
    const user = await userByEmail(this.users, input.email);
    return this.createFor({ ...input, workspaceId: workspace.id, userId: user.id });
  }

  /**
   * `creatorRoleCap` is the caller's effective role when it is lower than its membership's
   * (an API key creating a key): a key can never outrank the credential that made it.
   */
  async createFor(input: {
    workspaceId: string; userId: string; role: Role; scopes?: readonly Scope[]; name?: string; creatorRoleCap?: Role;
  }): Promise<CreatedApiKey> {
    const membership = await this.memberships.find(input.workspaceId, input.userId);
    if (membership === null) throw notFound('Membership');
    const creatorRole = input.creatorRoleCap ? lowerRole(input.creatorRoleCap, membership.role) : membership.role;
    const secret = API_KEY_PREFIX + this.random.token(API_KEY_SECRET_BYTES);
    const apiKey = ApiKey.create({
      id: this.ids.next(),
      workspaceId: input.workspaceId,
      userId: input.userId,
      name: input.name,
      creatorRole,
      role: input.role,
      scopes: input.scopes,
      lookupPrefix: lookupPrefixOf(secret),
      secretHash: this.hasher.hashToken(secret),
      now: this.clock.now(),
    });
    await this.apiKeys.save(apiKey);
    return { apiKey, secret };
  }

  async revoke(id: string): Promise<ApiKey> {
    const apiKey = await this.apiKeys.findById(id);
    if (apiKey === null) throw notFound('API key');
    apiKey.revoke(this.clock.now());
    await this.apiKeys.save(apiKey);
    return apiKey;
  }

  /** Revokes a key only if it belongs to `workspaceId`; null otherwise (no cross-workspace probing). */
  async revokeInWorkspace(workspaceId: string, id: string): Promise<ApiKey | null> {
    const apiKey = await this.apiKeys.findById(id);
    if (apiKey === null || apiKey.workspaceId !== workspaceId) return null;
    apiKey.revoke(this.clock.now());
    await this.apiKeys.save(apiKey);
    return apiKey;
  }
}
