import { ApiKey, assertMayCreateApiKeys } from '../../domain/credential/ApiKey';
import { type WorkspaceAccess } from '../../domain/credential/AccessDecision';
import { type ApiKeyRepository } from '../../domain/credential/ApiKeyRepository';
import { type CredentialKind } from '../../domain/credential/Credential';
import { type Scope } from '../../domain/credential/Scope';
import { forbidden, notFound, validationError } from '../../domain/shared/DomainError';
import { type UserRepository } from '../../domain/user/UserRepository';
import { type MembershipRepository } from '../../domain/workspace/MembershipRepository';
import { ceilingOf } from '../../domain/credential/RoleCeiling';
import { lowerRole, type Role } from '../../domain/workspace/Role';
import { type WorkspaceRepository } from '../../domain/workspace/WorkspaceRepository';
import { API_KEY_PREFIX, API_KEY_SECRET_BYTES, lookupPrefixOf } from '../auth/apiKeyFormat';
import { type Clock } from '../ports/Clock';
import { type IdGenerator } from '../ports/IdGenerator';
import { type RandomSource } from '../ports/RandomSource';
import { type SecretHasher } from '../ports/SecretHasher';
import { type UnitOfWork } from '../ports/UnitOfWork';
import { userByEmail } from './lookups';

export interface CreatedApiKey {
  readonly apiKey: ApiKey;
  /** The whole key: shown once, never stored. */
  readonly secret: string;
}

/** Who asks to create a key: the kind of its credential and its effective access to the workspace. */
export interface ApiKeyCaller {
  readonly credentialKind: CredentialKind;
  readonly access: WorkspaceAccess;
}

/** The key asked for. */
export interface ApiKeyRequest {
  readonly role: Role;
  /** Defaults to the caller's scopes within the role's ceiling. */
  readonly scopes?: readonly Scope[];
  readonly name?: string;
}

/** The operator may mint a key for a member of any role (docs/product.md, "Operator command line"). */
const OPERATOR_IS_TRUSTED = (): void => undefined;

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
    private readonly unitOfWork: UnitOfWork,
  ) {}

  /**
   * The operator path: a key acting as the member named by email, whatever their role (the
   * operator is trusted), so a member's scripts hold a key of their own that outlives any
   * other member. The key cannot outrank that member: a role above theirs is refused
   * (role_above_creator, docs/decisions.md), and their live role caps it at every use.
   * The scopes default to the role's ceiling.
   */
  create(input: { workspaceId: string; email: string; role: Role; scopes?: readonly Scope[]; name?: string }): Promise<CreatedApiKey> {
    return this.underMembershipLock(input.workspaceId, async () => {
      const user = await userByEmail(this.users, input.email);
      return this.mint({ ...input, userId: user.id, creatorRoleCap: null }, OPERATOR_IS_TRUSTED);
    });
  }

  /**
   * The API path: a member creates a key in the workspace its credential was authorized for.
   * Only a first-party session (or an OAuth token) may: a key able to mint keys would let a
   * leaked key plant replacements that outlive its own revocation. A caller hands out only
   * scopes it holds, and by default all of them that fit the new key's role.
   */
  async createFor(caller: ApiKeyCaller, request: ApiKeyRequest): Promise<CreatedApiKey> {
    if (caller.credentialKind === 'api_key') {
      throw forbidden('api_key_cannot_create_keys', 'an API key cannot create API keys; use a session token (npm run -s admin -- session issue)');
    }
    const held = caller.access.scopes;
    const beyond = (request.scopes ?? []).filter((scope) => !held.has(scope));
    if (beyond.length > 0) {
      throw validationError('scope_above_caller', [{ path: 'scopes', message: `not held by this credential: ${beyond.join(', ')}` }]);
    }
    const ceiling = ceilingOf(request.role);
    return this.underMembershipLock(caller.access.workspaceId, () =>
      this.mint(
        {
          workspaceId: caller.access.workspaceId,
          userId: caller.access.userId,
          role: request.role,
          scopes: request.scopes ?? [...held].filter((scope) => ceiling.has(scope)),
          name: request.name,
          creatorRoleCap: caller.access.role,
        },
        assertMayCreateApiKeys,
      ),
    );
  }

  /** The keys of a workspace, revoked ones included (never their secrets: only hashes are kept). */
  listInWorkspace(workspaceId: string): Promise<ApiKey[]> {
    return this.apiKeys.listByWorkspace(workspaceId);
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

  /**
   * Runs `work` under the workspace's membership lock, taken first: a key minted while its
   * creator is being removed would escape the removal's revocation and come back to life
   * if they rejoined (a key dies with its creator's membership, docs/decisions.md).
   */
  private underMembershipLock<T>(workspaceId: string, work: () => Promise<T>): Promise<T> {
    return this.unitOfWork.run(async () => {
      if ((await this.workspaces.lockForMembershipChange(workspaceId)) === null) throw notFound('Workspace');
      return work();
    });
  }

  /**
   * `creatorRoleCap` is the caller's effective role when it can be lower than its
   * membership's: a key can never outrank the credential that made it. `mayCreate` says
   * whether a creator of that role may make keys on this path.
   */
  private async mint(
    input: {
      workspaceId: string;
      userId: string;
      role: Role;
      scopes?: readonly Scope[];
      name?: string;
      creatorRoleCap: Role | null;
    },
    mayCreate: (creatorRole: Role) => void,
  ): Promise<CreatedApiKey> {
    const membership = await this.memberships.find(input.workspaceId, input.userId);
    if (membership === null) throw notFound('Membership');
    const creatorRole = input.creatorRoleCap ? lowerRole(input.creatorRoleCap, membership.role) : membership.role;
    mayCreate(creatorRole);
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
}
