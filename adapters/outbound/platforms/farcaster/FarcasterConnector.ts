import { type PlatformConnector, type TokenUpkeep } from '../../../../application/ports/platforms/PlatformConnector';
import { type Platform } from '../../../../domain/platform/Platform';
import { type PlatformInstall } from '../kit/install';
import { apiSettings } from '../kit/settings';
import { FarcasterPublisher } from './farcasterPublisher';
import { FarcasterReader } from './farcasterReader';
import { type FarcasterConfig, FARCASTER_VARIABLES, readFarcaster } from './farcasterInstall';
import { FarcasterSignerAuthorization, FarcasterSignerUpkeep } from './farcasterSigner';
import { type FarcasterOptions } from './neynarApi';

export type { FarcasterOptions } from './neynarApi';
export type { FarcasterConfig } from './farcasterInstall';

/** The signed key request's deadline: a day to approve the signer (docs/decisions.md, "Connections", Farcaster). */
const APPROVAL_SECONDS = 86_400;

/**
 * Farcaster through Neynar: a managed signer the account approves, then casts made with it, and
 * the account's recent casts read back.
 */
export class FarcasterConnector implements PlatformConnector {
  readonly platform: Platform = 'FARCASTER';
  readonly authorization = null;
  readonly signer: FarcasterSignerAuthorization;
  readonly tokens: TokenUpkeep;
  readonly publisher: FarcasterPublisher;
  readonly reader: FarcasterReader;

  constructor(options: FarcasterOptions) {
    const settings = {
      ...apiSettings(options, 'https://api.neynar.com'),
      apiKey: options.apiKey,
      appFid: options.appFid,
      appMnemonic: options.appMnemonic,
      approvalSeconds: options.approvalSeconds ?? APPROVAL_SECONDS,
    };
    this.signer = new FarcasterSignerAuthorization(settings);
    this.tokens = new FarcasterSignerUpkeep(settings);
    this.publisher = new FarcasterPublisher(settings);
    this.reader = new FarcasterReader(settings);
  }
}

export function farcasterConnector(options: FarcasterOptions): FarcasterConnector {
  return new FarcasterConnector(options);
}

/** Through Neynar: its signers are approved in the account's app, so no callback URL to register. */
export const install: PlatformInstall<FarcasterConfig> = {
  platform: 'FARCASTER',
  read: readFarcaster,
  setup: () => ({ variables: FARCASTER_VARIABLES, callbackUrl: null }),
  connector: (settings, { clock }) => farcasterConnector({ ...settings, now: () => clock.now() }),
};
