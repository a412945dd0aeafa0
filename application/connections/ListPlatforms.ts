import { PLATFORMS, type Platform, descriptorOf } from '../../domain/platform/Platform';
import { type PlatformConnectors } from './PlatformConnectors';

/** How an account of a platform is connected. */
export type AuthKind = 'oauth2' | 'app_password' | 'signer';

const AUTH_KINDS: Record<Platform, AuthKind> = {
  BLUESKY: 'app_password',
  FARCASTER: 'signer',
  FACEBOOK: 'oauth2',
  INSTAGRAM: 'oauth2',
  LINKEDIN: 'oauth2',
  PINTEREST: 'oauth2',
  THREADS: 'oauth2',
  TIKTOK: 'oauth2',
  TWITTER: 'oauth2',
  YOUTUBE: 'oauth2',
};

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
      return { platform, displayName: descriptor.displayName, authKind: AUTH_KINDS[platform], configured: this.connectors.get(platform) !== null, descriptor };
    });
  }
}
