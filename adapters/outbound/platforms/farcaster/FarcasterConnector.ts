import { type PlatformConnector, type TokenUpkeep } from '../../../../application/ports/platforms/PlatformConnector';
import { type Platform } from '../../../../domain/platform/Platform';
import { type FarcasterOptions, farcasterSettings } from './FarcasterOptions';
import { FarcasterPublisher } from './FarcasterPublisher';
import { FarcasterSignerAuthorization } from './FarcasterSignerAuthorization';
import { FarcasterSignerUpkeep } from './FarcasterSignerUpkeep';

/** Farcaster through Neynar: a managed signer the account approves, then casts made with it. */
export class FarcasterConnector implements PlatformConnector {
  readonly platform: Platform = 'FARCASTER';
  readonly authorization = null;
  readonly signer: FarcasterSignerAuthorization;
  readonly tokens: TokenUpkeep;
  readonly publisher: FarcasterPublisher;

  constructor(options: FarcasterOptions, now: () => Date = () => new Date()) {
    const settings = farcasterSettings(options);
    this.signer = new FarcasterSignerAuthorization(settings, now);
    this.tokens = new FarcasterSignerUpkeep(settings);
    this.publisher = new FarcasterPublisher(settings, now);
  }
}

export function farcasterConnector(options: FarcasterOptions, now?: () => Date): FarcasterConnector {
  return new FarcasterConnector(options, now);
}
