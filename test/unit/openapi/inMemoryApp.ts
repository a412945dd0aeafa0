import type Koa from 'koa';
import { createApp } from '../../../adapters/inbound/http/createApp';
import { MemoryUnitOfWork } from '../../../adapters/outbound/persistence/memory/MemoryUnitOfWork';
import { type HttpDependencies } from '../../../adapters/inbound/http/HttpDependencies';
import { type AppState } from '../../../adapters/inbound/http/state';
import { SystemClock } from '../../../adapters/outbound/clock/SystemClock';
import { NodeRandomSource } from '../../../adapters/outbound/crypto/NodeRandomSource';
import { NodeSecretHasher } from '../../../adapters/outbound/crypto/NodeSecretHasher';
import { UlidIdGenerator } from '../../../adapters/outbound/crypto/UlidIdGenerator';
import {
  MemoryApiKeyRepository,
  MemoryConnectionRepository,
  MemoryMembershipRepository,
  MemoryUserRepository,
  MemoryWorkspaceRepository,
} from '../../../adapters/outbound/persistence/memory';
import { MemoryRateLimitStore } from '../../../adapters/outbound/ratelimit/MemoryRateLimitStore';
import { AddConnection } from '../../../application/admin/AddConnection';
import { CreateUser } from '../../../application/admin/CreateUser';
import { CreateWorkspace } from '../../../application/admin/CreateWorkspace';
import { ManageApiKeys } from '../../../application/admin/ManageApiKeys';
import { ManageMembers } from '../../../application/admin/ManageMembers';
import { AuthenticateBearer } from '../../../application/auth/AuthenticateBearer';
import { AuthorizeWorkspace } from '../../../application/auth/AuthorizeWorkspace';
import { ListConnections } from '../../../application/connections/ListConnections';
import { CheckHealth } from '../../../application/health/CheckHealth';
import { GetCurrentUser } from '../../../application/me/GetCurrentUser';
import { ListMyWorkspaces } from '../../../application/me/ListMyWorkspaces';
import { type AccessTokenVerifier } from '../../../application/ports/AccessTokenVerifier';
import { type IdempotencyStore } from '../../../application/ports/IdempotencyStore';
import { type Logger } from '../../../application/ports/Logger';
import { type RateLimitStore } from '../../../application/ports/RateLimitStore';
import { type SessionTokens } from '../../../application/ports/SessionTokens';
import { type Credential } from '../../../domain/credential/Credential';

import { MemoryIdempotencyStore } from '../../../adapters/outbound/persistence/memory/MemoryIdempotencyStore';

const silent: Logger = { debug() {}, info() {}, warn() {}, error() {} };


/** A dependency these tests do not exercise: usable as a value, failing loudly when called. */
function unwired(name: string): unknown {
  return new Proxy(() => {}, {
    get: (_target, property) => (property === 'then' ? undefined : unwired(`${name}.${String(property)}`)),
    apply: () => {
      throw new Error(`${name} is not wired in the in-memory OpenAPI test app`);
    },
  });
}

/**
 * The real Koa app on in-memory adapters, with stand-in session and OAuth token
 * verifiers (`session.<userId>`, `oauth.<userId>.<workspaceId>`), so that every documented
 * operation and status can be produced quickly without a database.
 */
export function inMemoryApp(options: { rateLimit?: number; rateLimitStore?: RateLimitStore } = {}) {
  const clock = new SystemClock();
  const ids = new UlidIdGenerator();
  const hasher = new NodeSecretHasher();
  const users = new MemoryUserRepository();
  const workspaces = new MemoryWorkspaceRepository();
  const memberships = new MemoryMembershipRepository();
  const apiKeys = new MemoryApiKeyRepository();
  const connections = new MemoryConnectionRepository();
  const health = { database: true };

  const sessions: SessionTokens = {
    issue: () => Promise.reject(new Error('not used')),
    verify: async (token) => (token.startsWith('session.') ? { userId: token.slice('session.'.length), sessionId: 'session-1' } : null),
  };
  const accessTokens: AccessTokenVerifier = {
    verify: async (token): Promise<Extract<Credential, { kind: 'oauth' }> | null> => {
      const [kind, userId, workspaceId] = token.split('.');
      return kind === 'oauth' && userId && workspaceId
        ? { kind: 'oauth', id: 'grant-1', userId, clientId: 'client-1', workspaceId, scopes: ['accounts:read'] }
        : null;
    },
  };

  const manageApiKeys = new ManageApiKeys(apiKeys, workspaces, memberships, users, hasher, new NodeRandomSource(), ids, clock);
  const deps: Partial<HttpDependencies> = {
    settings: { trustProxy: false, baseUrl: 'http://localhost:3000', bodyLimitBytes: 1024 * 1024, rateLimit: { limit: options.rateLimit ?? 1000, windowMs: 60_000 } },
    surfaces: {},
    clock,
    serializeWrites: (work) => work(),
    logger: silent,
    rateLimitStore: options.rateLimitStore ?? new MemoryRateLimitStore(),
    idempotencyStore: new MemoryIdempotencyStore(),
    authenticate: new AuthenticateBearer(apiKeys, memberships, users, hasher, sessions, accessTokens),
    authorizeWorkspace: new AuthorizeWorkspace(memberships),
    checkHealth: new CheckHealth([{ name: 'database', check: async () => { if (!health.database) throw new Error('down'); } }], clock),
    getCurrentUser: new GetCurrentUser(users),
    listMyWorkspaces: new ListMyWorkspaces(memberships, workspaces),
    listConnections: new ListConnections(connections),
    apiKeys: manageApiKeys,
  };
  // Dependencies of operations described elsewhere (posts, …) are placeholders.
  const everyDependency = new Proxy(deps, { get: (target, name: string) => (name in target ? target[name as keyof HttpDependencies] : unwired(name)) });
  const app: Koa<AppState> = createApp(everyDependency as HttpDependencies);

  const given = {
    user: async (email: string) => (await new CreateUser(users, hasher, ids, clock).execute({ email, password: 'a long enough password' })).id,
    workspace: async (ownerEmail: string) =>
      (await new CreateWorkspace(workspaces, memberships, users, ids, clock).execute({ name: 'Studio', ownerEmail })).workspace.id,
    member: (workspaceId: string, email: string, role: 'viewer' | 'editor') =>
      new ManageMembers(workspaces, memberships, users, clock, apiKeys, new MemoryUnitOfWork()).add({ workspaceId, email, role }),
    connection: async (workspaceId: string) =>
      (await new AddConnection(connections, workspaces, ids, clock).execute({ workspaceId, platform: 'BLUESKY', handle: 'studio.bsky.social' })).id,
    apiKey: async (workspaceId: string, email: string, role: 'owner' | 'viewer', scopes?: ('accounts:read' | 'posts:read')[]) =>
      (await manageApiKeys.create({ workspaceId, email, role, scopes })).secret,
  };
  return { app, given, health };
}
