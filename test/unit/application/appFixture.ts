import { expect } from 'chai';
import { compose, type Composition } from '../../../config/container';
import { loadConfig } from '../../../config/env';
import { TOKENS as T } from '../../../config/tokens';
import { DomainError } from '../../../domain/shared/DomainError';
import { type User } from '../../../domain/user/User';
import { type Role } from '../../../domain/workspace/Role';
import { type Workspace } from '../../../domain/workspace/Workspace';
import { FixedClock } from '../../support/fixedClock';
import { PASSWORD } from '../../support/data/people';
import { SequentialIds } from '../../support/sequentialIds';

export { PASSWORD };
export const SESSION_TTL_SECONDS = 3600;
export const ISSUER = 'http://dispatch.test';

/**
 * The real use cases on the in-memory adapters and the real crypto, with a settable clock and
 * sequential ids: the composition root of the service, in memory (no hand wiring).
 */
export class AppFixture {
  private constructor(
    private readonly composition: Composition,
    readonly clock: FixedClock,
    readonly ids: SequentialIds,
  ) {}

  static async start(): Promise<AppFixture> {
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      BASE_URL: ISSUER,
      SECRET_KEY: 'app-fixture-secret-app-fixture-secret-0123',
      SESSION_TTL_SECONDS: String(SESSION_TTL_SECONDS),
    });
    const [clock, ids] = [new FixedClock(), new SequentialIds()];
    const composition = await compose(config, {
      persistence: 'memory',
      replace: (wiring) => {
        wiring.replace(T.Clock, clock);
        wiring.replace(T.IdGenerator, ids);
      },
    });
    return new AppFixture(composition, clock, ids);
  }

  get users() {
    return this.composition.get(T.UserRepository);
  }
  get workspaces() {
    return this.composition.get(T.WorkspaceRepository);
  }
  get memberships() {
    return this.composition.get(T.MembershipRepository);
  }
  get apiKeyStore() {
    return this.composition.get(T.ApiKeyRepository);
  }
  get connections() {
    return this.composition.get(T.ConnectionRepository);
  }
  get hasher() {
    return this.composition.get(T.SecretHasher);
  }
  get sessions() {
    return this.composition.get(T.SessionTokens);
  }
  get sessionStore() {
    return this.composition.get(T.SessionStore);
  }
  get createUser() {
    return this.composition.get(T.CreateUser);
  }
  get createWorkspace() {
    return this.composition.get(T.CreateWorkspace);
  }
  get members() {
    return this.composition.get(T.ManageMembers);
  }
  get apiKeys() {
    return this.composition.get(T.ManageApiKeys);
  }
  get addConnection() {
    return this.composition.get(T.AddConnection);
  }
  get issueSession() {
    return this.composition.get(T.IssueSession);
  }
  get bootstrap() {
    return this.composition.get(T.BootstrapFirstStart);
  }
  get authenticate() {
    return this.composition.get(T.AuthenticateBearer);
  }
  get authorize() {
    return this.composition.get(T.AuthorizeWorkspace);
  }
  get currentUser() {
    return this.composition.get(T.GetCurrentUser);
  }
  get myWorkspaces() {
    return this.composition.get(T.ListMyWorkspaces);
  }
  get readPosts() {
    return this.composition.get(T.ReadPosts);
  }

  get writePosts() {
    return this.composition.get(T.WritePosts);
  }
  get postLifecycle() {
    return this.composition.get(T.ChangePostLifecycle);
  }

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
