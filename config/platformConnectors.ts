import { type AppPasswordLogin } from '../application/ports/platforms/AppPasswordLogin';
import { type PlatformConnector } from '../application/ports/platforms/PlatformConnector';
import { type Config } from './env';

/** The connectors this service runs with: each platform whose app credentials are configured (README, "Connecting accounts"). */
export function configuredConnectors(_config: Config): { connectors: PlatformConnector[]; appPasswordLogin: AppPasswordLogin | null } {
  return { connectors: [], appPasswordLogin: null };
}
