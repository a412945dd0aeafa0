import { type AppPasswordLogin } from '../application/ports/platforms/AppPasswordLogin';
import { type PlatformConnector } from '../application/ports/platforms/PlatformConnector';
import { guardedFetch } from '../adapters/outbound/http/guardedFetch';
import { type OutboundAddressGuard } from '../adapters/outbound/http/OutboundAddressGuard';
import { blueskyConnector } from '../adapters/outbound/platforms/bluesky/BlueskyConnector';
import { linkedinConnector } from '../adapters/outbound/platforms/linkedin/LinkedInConnector';
import { type ConnectionRepository } from '../domain/connection/ConnectionRepository';
import { type Config } from './env';

/** The connectors this service runs with: each platform whose app credentials are configured (README, "Connecting accounts"). */
export function configuredConnectors(
  config: Config,
  connections: ConnectionRepository,
  guard: OutboundAddressGuard,
): { connectors: PlatformConnector[]; appPasswordLogin: AppPasswordLogin } {
  // Bluesky needs no app credentials; an account's server is the user's to name, so every call goes through the guard.
  const bluesky = blueskyConnector({ fetch: guardedFetch(guard) });
  const connectors: PlatformConnector[] = [bluesky];
  const linkedin = config.platforms.linkedin;
  if (linkedin !== null) {
    connectors.push(
      linkedinConnector({
        clientId: linkedin.clientId,
        clientSecret: linkedin.clientSecret,
        apiBaseUrl: linkedin.apiBaseUrl ?? undefined,
        authBaseUrl: linkedin.authBaseUrl ?? undefined,
        organizations: linkedin.organizations,
        // The member the connection was made for, and the organization its owner picked.
        authorOf: async (connectionId) => {
          const connection = await connections.findById(connectionId);
          if (connection?.accountId == null) return null;
          const organization = connection.publishAs?.kind === 'organization' ? connection.publishAs.id : null;
          return { memberId: connection.accountId, organizationId: organization };
        },
      }),
    );
  }
  const appPasswordLogin: AppPasswordLogin = {
    login: ({ service, handle, appPassword }) => bluesky.login({ service, identifier: handle, appPassword }),
  };
  return { connectors, appPasswordLogin };
}
