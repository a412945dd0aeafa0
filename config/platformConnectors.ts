import { type AppPasswordLogin } from '../application/ports/platforms/AppPasswordLogin';
import { type PlatformConnector } from '../application/ports/platforms/PlatformConnector';
import { linkedinConnector } from '../adapters/outbound/platforms/linkedin/LinkedInConnector';
import { type ConnectionRepository } from '../domain/connection/ConnectionRepository';
import { type Config } from './env';

/** The connectors this service runs with: each platform whose app credentials are configured (README, "Connecting accounts"). */
export function configuredConnectors(
  config: Config,
  connections: ConnectionRepository,
): { connectors: PlatformConnector[]; appPasswordLogin: AppPasswordLogin | null } {
  const connectors: PlatformConnector[] = [];
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
  return { connectors, appPasswordLogin: null };
}
