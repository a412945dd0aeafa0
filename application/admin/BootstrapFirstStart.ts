import { type UserRepository } from '../../domain/user/UserRepository';
import { type RandomSource } from '../ports/RandomSource';
import { type UnitOfWork } from '../ports/UnitOfWork';
import { type WritePosts } from '../posts/WritePosts';
import { type AddConnection } from './AddConnection';
import { type CreatedApiKey, type ManageApiKeys } from './ManageApiKeys';
import { type CreateUser } from './CreateUser';
import { type CreateWorkspace } from './CreateWorkspace';

export interface FirstStartCredentials {
  readonly email: string;
  readonly password: string;
  readonly workspaceId: string;
  readonly apiKey: CreatedApiKey;
  /** The sandbox accounts made for the newcomer to post to at once. */
  readonly sandboxConnections: readonly { readonly id: string; readonly platform: string }[];
  /** A first post, sent to publish at once to every sandbox account: the pages to open once a worker took it. */
  readonly firstPostId: string;
}

/** What each sandbox account's first post sets (the required values of each platform, docs/spec.md). */
const FIRST_POST_SETTINGS: Readonly<Record<(typeof FIRST_SANDBOX_PLATFORMS)[number], object>> = {
  BLUESKY: {},
  TWITTER: { replyRestriction: 'everyone' },
  LINKEDIN: { visibility: 'PUBLIC' },
};

/** The platforms of the first start's sandbox connections (docs/decisions.md, "The sandbox platform"). */
export const FIRST_SANDBOX_PLATFORMS = ['BLUESKY', 'TWITTER', 'LINKEDIN'] as const;

export const FIRST_OWNER_EMAIL = 'owner@dispatch.local';

/**
 * On an empty database, makes a local owner, a workspace and an owner API key so a
 * newcomer's first request works, and sandbox connections so their first post can be published
 * and opened in a browser. Returns null when any user exists: it runs once.
 */
export class BootstrapFirstStart {
  constructor(
    private readonly users: UserRepository,
    private readonly createUser: CreateUser,
    private readonly createWorkspace: CreateWorkspace,
    private readonly apiKeys: ManageApiKeys,
    private readonly addConnection: AddConnection,
    private readonly posts: WritePosts,
    private readonly random: RandomSource,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  /**
   * All or nothing: a crash half-way must not leave an owner whose password was never shown.
   * Two processes starting at once on the same empty database both see no user; the owner's
   * row, written first, is the claim: its email is unique, so the second process's insert waits
   * for the first's transaction and fails once it commits (or one of them is chosen as a
   * deadlock's victim). Its own writes rolled back, the loser finds the owner there and returns
   * null, as any later start does; a failure with no owner made by anyone is thrown (after a
   * second try, for a victim whose rival had not committed yet).
   */
  async execute(): Promise<FirstStartCredentials | null> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.unitOfWork.run(() => this.onEmptyDatabase());
      } catch (error) {
        // Without a transaction (in memory) a failure keeps what it wrote: the owner found would be our own.
        if (!this.unitOfWork.atomic) throw error;
        if ((await this.users.count()) > 0) return null;
        if (attempt === MAX_ATTEMPTS) throw error;
      }
    }
  }

  private async onEmptyDatabase(): Promise<FirstStartCredentials | null> {
    if ((await this.users.count()) > 0) return null;
    const password = this.random.token(18);
    const owner = await this.createUser.execute({ email: FIRST_OWNER_EMAIL, password, name: 'Local owner' });
    const { workspace } = await this.createWorkspace.execute({ name: 'My workspace', ownerEmail: FIRST_OWNER_EMAIL });
    const apiKey = await this.apiKeys.create({ workspaceId: workspace.id, email: FIRST_OWNER_EMAIL, role: 'owner', name: 'First-start key' });
    const sandboxConnections = [];
    for (const platform of FIRST_SANDBOX_PLATFORMS) {
      const connection = await this.addConnection.execute({
        workspaceId: workspace.id,
        platform,
        handle: `sandbox-${platform.toLowerCase()}`,
        sandbox: true,
      });
      sandboxConnections.push({ id: connection.id, platform: connection.platform });
    }
    const firstPost = await this.posts.create(
      { userId: owner.id, workspaceId: workspace.id, reviewRequired: false, defaultSource: 'app' },
      {
        groups: [
          {
            id: 'main',
            isDefault: true,
            segments: [
              { text: 'Hello from Dispatch! This first post went out to a sandbox account of each platform.', media: [] },
              { text: 'A second segment: a reply in a thread, or a comment where the platform has comments.', media: [] },
            ],
          },
        ],
        targets: sandboxConnections.map((c) => ({
          connectionId: c.id,
          groupId: 'main',
          settings: { platform: c.platform, values: FIRST_POST_SETTINGS[c.platform as keyof typeof FIRST_POST_SETTINGS] },
          scheduledAt: null,
        })),
        intent: 'publish_now',
      },
    );
    return { email: FIRST_OWNER_EMAIL, password, workspaceId: workspace.id, apiKey, sandboxConnections, firstPostId: firstPost.id };
  }
}

const MAX_ATTEMPTS = 2;
