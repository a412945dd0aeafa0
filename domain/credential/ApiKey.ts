import { conflict, DomainError, validationError } from '../shared/DomainError';
import { ceilingOf } from './RoleCeiling';
import { type Role } from '../workspace/Role';
import { type Scope } from './Scope';

export interface ApiKeySnapshot {
  readonly id: string;
  readonly workspaceId: string;
  readonly userId: string;
  readonly name: string;
  readonly role: Role;
  readonly scopes: readonly Scope[];
  /** The public first characters of the key, used to find it; never enough to use it. */
  readonly lookupPrefix: string;
  readonly secretHash: string;
  readonly createdAt: Date;
  readonly revokedAt: Date | null;
}

/**
 * Whether a member may create keys on their own (the API path): only a role holding
 * apikeys:write. The operator is trusted and may mint a key for any member (docs/product.md,
 * "Operator command line"), so this is the caller's rule, not the key's.
 */
export function assertMayCreateApiKeys(role: Role): void {
  if (!ceilingOf(role).has('apikeys:write')) {
    // Not about the request body, so no details (docs/errors.md).
    throw new DomainError('validation', 'cannot_create_api_key', `the role ${role} may not create API keys`);
  }
}

/**
 * A workspace-bound key. Its role is frozen at creation and its scopes are narrowed
 * to that role's ceiling; the creator's live role narrows it further at every use.
 */
export class ApiKey {
  private constructor(private props: ApiKeySnapshot) {}

  static create(input: {
    id: string;
    workspaceId: string;
    userId: string;
    name?: string;
    creatorRole: Role;
    role: Role;
    scopes?: readonly Scope[];
    lookupPrefix: string;
    secretHash: string;
    now: Date;
  }): ApiKey {
    const ceiling = ceilingOf(input.role);
    if (!isAtMost(input.role, input.creatorRole)) {
      throw validationError('role_above_creator', [{ path: 'role', message: `may not exceed the creator's role (${input.creatorRole})` }]);
    }
    const requested = input.scopes ?? [...ceiling];
    const beyond = requested.filter((s) => !ceiling.has(s));
    if (beyond.length > 0) {
      throw validationError('scope_above_role', [{ path: 'scopes', message: `not allowed for role ${input.role}: ${beyond.join(', ')}` }]);
    }
    if (requested.length === 0) {
      throw validationError('invalid_scope', [{ path: 'scopes', message: 'must name at least one scope' }]);
    }
    return new ApiKey({
      id: input.id,
      workspaceId: input.workspaceId,
      userId: input.userId,
      name: input.name?.trim() || 'API key',
      role: input.role,
      scopes: [...new Set(requested)].sort(),
      lookupPrefix: input.lookupPrefix,
      secretHash: input.secretHash,
      createdAt: input.now,
      revokedAt: null,
    });
  }

  static rehydrate(snapshot: ApiKeySnapshot): ApiKey {
    return new ApiKey(snapshot);
  }

  get id(): string {
    return this.props.id;
  }
  get workspaceId(): string {
    return this.props.workspaceId;
  }
  get userId(): string {
    return this.props.userId;
  }
  get name(): string {
    return this.props.name;
  }
  get role(): Role {
    return this.props.role;
  }
  get scopes(): readonly Scope[] {
    return this.props.scopes;
  }
  get lookupPrefix(): string {
    return this.props.lookupPrefix;
  }
  get secretHash(): string {
    return this.props.secretHash;
  }
  get createdAt(): Date {
    return this.props.createdAt;
  }
  get revokedAt(): Date | null {
    return this.props.revokedAt;
  }
  get isRevoked(): boolean {
    return this.props.revokedAt !== null;
  }

  revoke(now: Date): void {
    if (this.isRevoked) throw conflict('api_key_already_revoked', 'the API key is already revoked');
    this.props = { ...this.props, revokedAt: now };
  }

  toSnapshot(): ApiKeySnapshot {
    return { ...this.props };
  }
}

function isAtMost(role: Role, other: Role): boolean {
  const mine = ceilingOf(role);
  return [...mine].every((s) => ceilingOf(other).has(s));
}
