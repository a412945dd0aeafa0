import { type Platform } from '../../domain/platform/Platform';
import { type PlatformConnector } from '../ports/platforms/PlatformConnector';

/**
 * What an operator does for a platform to be configured here (README, "Configuration"): the
 * settings (environment variables) to set, and the callback URL to register with the
 * platform's app (null where no browser comes back, as with Farcaster's signers). The
 * configuration knows both; it hands them over with the connectors, so a refusal can say what
 * to do without the application reading the configuration.
 */
export interface PlatformSetup {
  readonly variables: readonly string[];
  readonly callbackUrl: string | null;
}

/**
 * The connectors the operator configured (a platform's app credentials in the environment;
 * Bluesky needs none). A platform without one is listed as not configured, and a real
 * connection of it cannot be made or published to (README, "Connecting accounts").
 */
export class PlatformConnectors {
  private readonly byPlatform: ReadonlyMap<Platform, PlatformConnector>;

  constructor(
    connectors: Iterable<PlatformConnector>,
    private readonly setups: ReadonlyMap<Platform, PlatformSetup> = new Map(),
  ) {
    this.byPlatform = new Map([...connectors].map((c) => [c.platform, c]));
  }

  get(platform: Platform): PlatformConnector | null {
    return this.byPlatform.get(platform) ?? null;
  }

  get configured(): Platform[] {
    return [...this.byPlatform.keys()];
  }

  /**
   * What would configure `platform` here, as a sentence to follow a refusal ("set TWITTER_CLIENT_ID
   * and TWITTER_CLIENT_SECRET, register https://…/connect/twitter/callback as the app's redirect
   * URL, and restart the service"); null when nothing is known of it.
   */
  setupOf(platform: Platform): string | null {
    const setup = this.setups.get(platform);
    if (setup === undefined || setup.variables.length === 0) return null;
    const register = setup.callbackUrl === null ? '' : ` register ${setup.callbackUrl} as the app's redirect URL,`;
    return `set ${listed(setup.variables)},${register} and restart the service`;
  }

  /** "`platform` is not configured on this service", with what would configure it. */
  notConfigured(platform: Platform): string {
    return withSetup(`${platform} is not configured on this service`, this.setupOf(platform));
  }
}

/** A refusal, then what would configure the platform if known, then where the README says more. */
export const withSetup = (refusal: string, setup: string | null): string =>
  `${refusal}${setup === null ? '' : `; to configure it, ${setup}`} (README, "Connecting accounts")`;

const listed = (names: readonly string[]): string => (names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);
