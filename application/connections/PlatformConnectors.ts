import { type Platform } from '../../domain/platform/Platform';
import { type PlatformConnector } from '../ports/platforms/PlatformConnector';

/**
 * The connectors the operator configured (a platform's app credentials in the environment;
 * Bluesky needs none). A platform without one is listed as not configured, and a real
 * connection of it cannot be made or published to (README, "Connecting accounts").
 */
export class PlatformConnectors {
  private readonly byPlatform: ReadonlyMap<Platform, PlatformConnector>;

  constructor(connectors: Iterable<PlatformConnector>) {
    this.byPlatform = new Map([...connectors].map((c) => [c.platform, c]));
  }

  get(platform: Platform): PlatformConnector | null {
    return this.byPlatform.get(platform) ?? null;
  }

  get configured(): Platform[] {
    return [...this.byPlatform.keys()];
  }
}
