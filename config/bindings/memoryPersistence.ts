import { MemoryAttemptLog } from '../../adapters/outbound/persistence/memory/MemoryAttemptLog';
import { MemoryApiKeyCredentials } from '../../adapters/outbound/persistence/memory/MemoryApiKeyCredentials';
import { MemoryApiKeyRepository } from '../../adapters/outbound/persistence/memory/MemoryApiKeyRepository';
import { MemoryConnectionRepository } from '../../adapters/outbound/persistence/memory/MemoryConnectionRepository';
import { MemoryIdempotencyStore } from '../../adapters/outbound/persistence/memory/MemoryIdempotencyStore';
import { MemoryInboundEventLog } from '../../adapters/outbound/persistence/memory/MemoryInboundEventLog';
import { MemoryMembershipRepository } from '../../adapters/outbound/persistence/memory/MemoryMembershipRepository';
import { MemoryPostRepository } from '../../adapters/outbound/persistence/memory/MemoryPostRepository';
import { MemoryPostViews } from '../../adapters/outbound/persistence/memory/MemoryPostViews';
import { MemoryPublishQueue } from '../../adapters/outbound/persistence/memory/MemoryPublishQueue';
import { MemoryConnectionCredentials } from '../../adapters/outbound/persistence/memory/MemoryConnectionCredentials';
import { MemoryTargetMetrics } from '../../adapters/outbound/persistence/memory/MemoryTargetMetrics';
import { MemorySandboxPosts } from '../../adapters/outbound/persistence/memory/MemorySandboxPosts';
import { MemoryConsentTickets } from '../../adapters/outbound/persistence/memory/MemoryConsentTickets';
import { MemoryDeviceAuthorizations } from '../../adapters/outbound/persistence/memory/MemoryDeviceAuthorizations';
import { MemoryOAuthClients } from '../../adapters/outbound/persistence/memory/MemoryOAuthClients';
import { MemoryTokenGrants } from '../../adapters/outbound/persistence/memory/MemoryTokenGrants';
import { MemorySessionStore } from '../../adapters/outbound/persistence/memory/MemorySessionStore';
import { MemorySigningKeyStore } from '../../adapters/outbound/persistence/memory/MemorySigningKeyStore';
import { MemoryUnitOfWork } from '../../adapters/outbound/persistence/memory/MemoryUnitOfWork';
import { MemoryUserRepository } from '../../adapters/outbound/persistence/memory/MemoryUserRepository';
import { MemoryWorkspaceRepository } from '../../adapters/outbound/persistence/memory/MemoryWorkspaceRepository';
import { type HealthCheck } from '../../application/ports/HealthCheck';
import { TOKENS as T } from '../tokens';
import { type Wiring } from '../Wiring';

/**
 * Every store in this process's memory: the unit tests' persistence (no database, no
 * transactions: a failure half-way keeps what was written before it). Returns its health check.
 */
export function bindMemoryPersistence(w: Wiring): HealthCheck {
  const apiKeys = new MemoryApiKeyRepository();
  const memberships = new MemoryMembershipRepository();
  const posts = new MemoryPostRepository();
  w.value(T.DataSource, null);
  w.value(T.UserRepository, new MemoryUserRepository());
  w.value(T.WorkspaceRepository, new MemoryWorkspaceRepository());
  w.value(T.MembershipRepository, memberships);
  w.value(T.ApiKeyRepository, apiKeys);
  w.value(T.ApiKeyCredentials, new MemoryApiKeyCredentials(apiKeys, memberships));
  w.value(T.ConnectionRepository, new MemoryConnectionRepository());
  w.value(T.PostRepository, posts);
  w.value(T.PostViews, new MemoryPostViews(posts));
  w.value(T.PublishQueue, new MemoryPublishQueue(posts));
  w.value(T.AttemptLog, new MemoryAttemptLog());
  w.value(T.SandboxPosts, new MemorySandboxPosts());
  const figures = new MemoryTargetMetrics(posts);
  w.value(T.TargetMetrics, figures);
  w.value(T.AnalyticsViews, figures);
  w.value(T.ConnectionCredentials, new MemoryConnectionCredentials());
  w.value(T.UnitOfWork, new MemoryUnitOfWork());
  w.value(T.InboundEventLog, new MemoryInboundEventLog());
  w.value(T.IdempotencyStore, new MemoryIdempotencyStore());
  w.value(T.SigningKeyStore, new MemorySigningKeyStore());
  w.value(T.SessionStore, new MemorySessionStore());
  const tokenGrants = new MemoryTokenGrants();
  const deviceAuthorizations = new MemoryDeviceAuthorizations();
  const consentTickets = new MemoryConsentTickets();
  w.value(T.OAuthClientRepository, new MemoryOAuthClients(tokenGrants, deviceAuthorizations, consentTickets));
  w.value(T.TokenGrants, tokenGrants);
  w.value(T.DeviceAuthorizations, deviceAuthorizations);
  w.value(T.ConsentTickets, consentTickets);
  return { name: 'database', check: async () => undefined };
}
