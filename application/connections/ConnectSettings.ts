import { type Platform } from '../../domain/platform/Platform';

/** Where platforms send people back, and where the service may send them on (README, "Connecting accounts"). */
export interface ConnectSettings {
  /** The service's public URL: callbacks are `${baseUrl}/connect/{platform}/callback`. */
  readonly baseUrl: string;
  /** Origins a `returnTo` may point at besides the service's own. */
  readonly returnToOrigins: readonly string[];
  readonly stateTtlSeconds: number;
}

export const callbackUrlOf = (settings: Pick<ConnectSettings, 'baseUrl'>, platform: Platform): string =>
  `${settings.baseUrl.replace(/\/+$/, '')}/connect/${platform.toLowerCase()}/callback`;
