import { PLATFORMS, type Platform, descriptorOf } from '../../domain/platform/Platform';
import { type ConnectsBy } from '../../domain/platform/PlatformDescriptor';
import { type PlatformConnectors } from './PlatformConnectors';

/** How an account of a platform is connected. */
export type AuthKind = ConnectsBy;

export interface PlatformListing {
  readonly platform: Platform;
  readonly displayName: string;
  readonly authKind: AuthKind;
  /** Whether this service can connect and publish to it (its app credentials are set). */
  readonly configured: boolean;
  readonly descriptor: ReturnType<typeof descriptorOf>;
}

/** The ten platforms, each with whether the operator configured it, how it connects and its limits. */
export class ListPlatforms {
  constructor(private readonly connectors: PlatformConnectors) {}

  execute(): PlatformListing[] {
    return PLATFORMS.map((platform) => {
      const descriptor = descriptorOf(platform);
      return { platform, displayName: descriptor.displayName, authKind: descriptor.connectsBy, configured: this.connectors.get(platform) !== null, descriptor };
    });
  }
}
