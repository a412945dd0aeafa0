import { type Clock } from '../application/ports/Clock';
import { type AppPasswordLogin } from '../application/ports/platforms/AppPasswordLogin';
import { type PlatformConnector } from '../application/ports/platforms/PlatformConnector';
import { guardedFetch } from '../adapters/outbound/http/guardedFetch';
import { type OutboundAddressGuard } from '../adapters/outbound/http/OutboundAddressGuard';
import { blueskyConnector } from '../adapters/outbound/platforms/bluesky/BlueskyConnector';
import { type Config } from './env';
import { PLATFORM_INSTALLS } from './platformInstalls';

/**
 * The connectors this service runs with: Bluesky always (it needs no app credentials), and
 * each platform of PLATFORM_INSTALLS whose settings are configured (README, "Connecting accounts").
 */
export function configuredConnectors(
  config: Config,
  guard: OutboundAddressGuard,
  clock: Clock,
): { connectors: PlatformConnector[]; appPasswordLogin: AppPasswordLogin } {
  const { platforms } = config;
  // An account's server is the user's to name, so every Bluesky call goes through the guard.
  const bluesky = blueskyConnector({ fetch: guardedFetch(guard), appViewUrl: platforms.blueskyAppViewUrl, clock: () => clock.now() });
  const connectors: PlatformConnector[] = [bluesky];
  for (const [name, install] of PLATFORM_INSTALLS) {
    const settings = platforms[name];
    if (settings !== null) connectors.push(install.connector(settings, { clock }));
  }
  const appPasswordLogin: AppPasswordLogin = {
    login: ({ service, handle, appPassword }) => bluesky.login({ service, identifier: handle, appPassword }),
  };
  return { connectors, appPasswordLogin };
}
