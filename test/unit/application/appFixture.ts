import { expect } from 'chai';
import { AddConnection } from '../../../application/admin/AddConnection';
import { BootstrapFirstStart } from '../../../application/admin/BootstrapFirstStart';
import { CreateUser } from '../../../application/admin/CreateUser';
import { CreateWorkspace } from '../../../application/admin/CreateWorkspace';
import { IssueSession } from '../../../application/admin/IssueSession';
import { ManageApiKeys } from '../../../application/admin/ManageApiKeys';
import { ManageMembers } from '../../../application/admin/ManageMembers';
import { AuthenticateBearer } from '../../../application/auth/AuthenticateBearer';
import { AuthorizeWorkspace } from '../../../application/auth/AuthorizeWorkspace';
import { GetCurrentUser } from '../../../application/me/GetCurrentUser';
import { ListMyWorkspaces } from '../../../application/me/ListMyWorkspaces';
import { NodeRandomSource } from '../../../adapters/outbound/crypto/NodeRandomSource';
import { NodeSecretHasher } from '../../../adapters/outbound/crypto/NodeSecretHasher';
import { JoseSessionTokens } from '../../../adapters/outbound/keys/JoseSessionTokens';
import { KeyRing } from '../../../adapters/outbound/keys/KeyRing';
import { SecretBox } from '../../../adapters/outbound/keys/SecretBox';
import { NoAccessTokens } from '../../../adapters/outbound/oauth/NoAccessTokens';
import { MemoryUnitOfWork } from '../../../adapters/outbound/persistence/memory/MemoryUnitOfWork';
import {
  MemoryApiKeyRepository, MemoryConnectionRepository, MemoryMembershipRepository, MemorySigningKeyStore,
  MemoryUserRepository, MemoryWorkspaceRepository,
} from '../../../adapters/outbound/persistence/memory';
import { DomainError } from '../../../domain/shared/DomainError';
import { type User } from '../../../domain/user/User';
import { type Role } from '../../../domain/workspace/Role';
import { type Workspace } from '../../../domain/workspace/Workspace';
import { FixedClock } from '../../support/fixedClock';
import { SequentialIds } from '../../support/sequentialIds';

export const PASSWORD = 'correct horse battery staple';
export const SESSION_TTL_SECONDS = 3600;
export const ISSUER = 'http://dispatch.test';

/** The real use cases on the in-memory adapters and the real crypto, with a settable clock. */
export class AppFixture {
  readonly clock = new FixedClock();
  readonly ids = new SequentialIds();
  readonly users = new MemoryUserRepository();
  readonly workspaces = new MemoryWorkspaceRepository();
  readonly memberships = new MemoryMembershipRepository();
  readonly apiKeyStore = new MemoryApiKeyRepository();
  readonly connections = new MemoryConnectionRepository();
  readonly signingKeys = new MemorySigningKeyStore();
  readonly hasher = new NodeSecretHasher();
  readonly random = new NodeRandomSource();
  readonly sessions = new JoseSessionTokens(new KeyRing(this.signingKeys, new SecretBox('test-secret'), this.clock), ISSUER, this.clock);

  readonly createUser = new CreateUser(this.users, this.hasher, this.ids, this.clock);
  readonly createWorkspace = new CreateWorkspace(this.workspaces, this.memberships, this.users, this.ids, this.clock, new MemoryUnitOfWork());
  readonly members = new ManageMembers(this.workspaces, this.memberships, this.users, this.clock, this.apiKeyStore, new MemoryUnitOfWork());
  readonly apiKeys = new ManageApiKeys(
    this.apiKeyStore, this.workspaces, this.memberships, this.users, this.hasher, this.random, this.ids, this.clock, new MemoryUnitOfWork(),
  );
  readonly addConnection = new AddConnection(this.connections, this.workspaces, this.ids, this.clock);
  readonly issueSession = new IssueSession(this.users, this.sessions, this.ids, SESSION_TTL_SECONDS);
  readonly bootstrap = new BootstrapFirstStart(this.users, this.createUser, this.createWorkspace, this.apiKeys, this.random, new MemoryUnitOfWork());
  readonly authenticate = new AuthenticateBearer(
    this.apiKeyStore, this.memberships, this.users, this.hasher, this.sessions, new NoAccessTokens(),
  );
  readonly authorize = new AuthorizeWorkspace(this.memberships);
  readonly currentUser = new GetCurrentUser(this.users);
  readonly myWorkspaces = new ListMyWorkspaces(this.memberships, this.workspaces);

  user(email: string): Promise<User> {
    return this.createUser.execute({ email, password: PASSWORD });
  }

  /** A user who owns a fresh workspace. */
  async ownerWithWorkspace(email = 'owner@example.com', name = 'Acme'): Promise<{ owner: User; workspace: Workspace }> {
    const owner = await this.user(email);
    const { workspace } = await this.createWorkspace.execute({ name, ownerEmail: email });
    return { owner, workspace };
  }

  /** A new user added to a workspace with a role. */
  async member(workspaceId: string, email: string, role: Role): Promise<User> {
    const user = await this.user(email);
    await this.members.add({ workspaceId, email, role });
    return user;
  }

  /** A session token for a user, as `session issue` prints it. */
  async sessionFor(email: string): Promise<string> {
    return (await this.issueSession.execute({ email })).token;
  }
}

/** Awaits a promise that must fail with a DomainError, and returns the error. */
export async function rejection(promise: Promise<unknown>): Promise<DomainError> {
  let outcome: unknown;
  try {
    outcome = await promise;
  } catch (error) {
    expect(error).to.be.instanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error(`expected a DomainError, but it resolved to ${JSON.stringify(outcome)}`);
}
