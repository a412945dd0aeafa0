import { type AuthenticateBearer } from '../../../application/auth/AuthenticateBearer';
import { type AuthorizeWorkspace } from '../../../application/auth/AuthorizeWorkspace';
import { type ManageApiKeys } from '../../../application/admin/ManageApiKeys';
import { type ListConnections } from '../../../application/connections/ListConnections';
import { type CheckHealth } from '../../../application/health/CheckHealth';
import { type GetCurrentUser } from '../../../application/me/GetCurrentUser';
import { type ListMyWorkspaces } from '../../../application/me/ListMyWorkspaces';
import { type Clock } from '../../../application/ports/Clock';
import { type Logger } from '../../../application/ports/Logger';
import { type IdempotencyStore } from '../../../application/ports/IdempotencyStore';
import { type RateLimitStore } from '../../../application/ports/RateLimitStore';
import { type PostsUseCases } from './routers/postsRouter';

/** Everything the HTTP adapter needs, handed over by the composition root. */
export interface HttpDependencies {
  readonly settings: {
    /** Behind a reverse proxy: take the client address from X-Forwarded-For. */
    readonly trustProxy: boolean;
    readonly baseUrl: string;
    readonly bodyLimitBytes: number;
    readonly rateLimit: { readonly limit: number; readonly windowMs: number };
    /** How long a completed response replays, and how long a running request holds its key. */
    readonly idempotency: { readonly replayTtlMs: number; readonly leaseMs: number };
  };
  readonly clock: Clock;
  readonly logger: Logger;
  readonly rateLimitStore: RateLimitStore;
  /** Mounted per writing route after its access check (see createApp); responses kept sealed at rest. */
  readonly idempotencyStore: IdempotencyStore;
  readonly authenticate: AuthenticateBearer;
  readonly authorizeWorkspace: AuthorizeWorkspace;
  readonly checkHealth: CheckHealth;
  readonly getCurrentUser: GetCurrentUser;
  readonly listMyWorkspaces: ListMyWorkspaces;
  readonly listConnections: ListConnections;
  readonly apiKeys: ManageApiKeys;
  readonly posts: PostsUseCases;
}
