import type Koa from 'koa';
import { type AppState } from '../../../adapters/inbound/http/state';
import { type AccessTokenVerifier } from '../../../application/ports/AccessTokenVerifier';
import { type RateLimitStore } from '../../../application/ports/RateLimitStore';
import { type SessionStore } from '../../../application/ports/SessionStore';
import { type SessionTokens } from '../../../application/ports/SessionTokens';
import { compose } from '../../../config/container';
import { loadConfig } from '../../../config/env';
import { buildHttpApp } from '../../../config/httpApp';
import { TOKENS as T } from '../../../config/tokens';
import { type Credential } from '../../../domain/credential/Credential';

import { PASSWORD } from '../../support/data/people';

/** Session tokens `session.<userId>`: the real ones are tested with their adapter. */
const sessions: SessionTokens = {
  issue: () => Promise.reject(new Error('not used')),
  verify: async (token) => (token.startsWith('session.') ? { userId: token.slice('session.'.length), sessionId: 'session-1' } : null),
};

/** Every stand-in session is live: revocation is tested with the real store. */
const sessionStore: SessionStore = {
  create: async () => undefined,
  find: async (id) => ({ id, userId: 'any', tokenHash: null, createdAt: new Date(0), expiresAt: new Date(8.64e15), revokedAt: null }),
  findByTokenHash: async () => null,
  revoke: async () => undefined,
  revokeAllOf: async () => 0,
  sweep: async () => 0,
};

/** OAuth access tokens `oauth.<userId>.<workspaceId>`, until the service issues real ones. */
const accessTokens: AccessTokenVerifier = {
  verify: async (token): Promise<Extract<Credential, { kind: 'oauth' }> | null> => {
    const [kind, userId, workspaceId] = token.split('.');
    return kind === 'oauth' && userId && workspaceId
      ? { kind: 'oauth', id: 'grant-1', userId, clientId: 'client-1', workspaceId, scopes: ['accounts:read'] }
      : null;
  },
};

/**
 * The real service (its composition root, in memory: no database) with stand-in session and
 * OAuth token verifiers, so that every documented operation and status can be produced quickly.
 */
export async function inMemoryApp(options: { rateLimit?: number; rateLimitStore?: RateLimitStore } = {}) {
  const health = { database: true };
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    SECRET_KEY: 'in-memory-app-secret-in-memory-app-0123456',
    RATE_LIMIT_MAX: String(options.rateLimit ?? 1000),
  });
  const composition = await compose(config, {
    persistence: 'memory',
    replace: (wiring) => {
      wiring.replace(T.SessionTokens, sessions);
      wiring.replace(T.SessionStore, sessionStore);
      wiring.replace(T.AccessTokenVerifier, accessTokens);
      wiring.replace(T.HealthChecks, [
        {
          name: 'database',
          check: async () => {
            if (!health.database) throw new Error('down');
          },
        },
      ]);
      if (options.rateLimitStore) wiring.replace(T.RateLimitStore, options.rateLimitStore);
    },
  });
  const app: Koa<AppState> = buildHttpApp(composition);
  const get = composition.get;
  const given = {
    user: async (email: string) => (await get(T.CreateUser).execute({ email, password: PASSWORD })).id,
    workspace: async (ownerEmail: string) => (await get(T.CreateWorkspace).execute({ name: 'Studio', ownerEmail })).workspace.id,
    member: (workspaceId: string, email: string, role: 'viewer' | 'editor') => get(T.ManageMembers).add({ workspaceId, email, role }),
    connection: async (workspaceId: string) => (await get(T.AddConnection).execute({ workspaceId, platform: 'BLUESKY', handle: 'studio.bsky.social' })).id,
    apiKey: async (workspaceId: string, email: string, role: 'owner' | 'viewer', scopes?: ('accounts:read' | 'posts:read')[]) =>
      (await get(T.ManageApiKeys).create({ workspaceId, email, role, scopes })).secret,
  };
  return { app, given, health, get };
}
