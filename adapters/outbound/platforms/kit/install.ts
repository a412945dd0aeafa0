import { type PlatformSetup } from '../../../../application/connections/PlatformConnectors';
import { type Clock } from '../../../../application/ports/Clock';
import { type PlatformConnector } from '../../../../application/ports/platforms/PlatformConnector';
import { type Platform } from '../../../../domain/platform/Platform';

/**
 * The environment as a connector's install reads it. Each refusal names its variable, and the
 * service then refuses to start (config/envValues.ts reads them).
 */
export interface SettingsSource {
  /** A variable's value, trimmed; null when unset or empty. */
  text(name: string): string | null;
  flag(name: string, fallback: boolean): boolean;
  /** An http(s) URL without trailing slashes; `fallback` when unset. */
  url(name: string, fallback: string | null): string | null;
  /** Stops the start, naming the variable and what is wrong with it. */
  refuse(name: string, problem: string): never;
}

/** What a connector is built with besides its settings: the service's clock. */
export interface ConnectorDeps {
  readonly clock: Clock;
}

/**
 * How one platform is installed on this service, exported as `install` by its connector module
 * (`<name>/<Name>Connector.ts`), where config finds it by the platform's name (docs/recipes.md,
 * "Adding a platform"): what configures it, read at start (null: not configured, so the
 * platform is refused with `setup`'s names), and its connector built from what was read.
 */
export interface PlatformInstall<S> {
  readonly platform: Platform;
  read(source: SettingsSource): S | null;
  /** The variables to set and the callback URL its app registers (none for Farcaster), for the refusals that name them. */
  setup(baseUrl: string): PlatformSetup;
  connector(settings: S, deps: ConnectorDeps): PlatformConnector;
}
