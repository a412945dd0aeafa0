import { type PlatformConnector } from '../application/ports/platforms/PlatformConnector';
import { ConfigError, type Env, url } from './envValues';
import { type ConnectorDeps, type PlatformInstall } from './platformInstall';

/** Neynar's API key and the app account that asks for signers; the recovery phrase is a secret, never logged. */
export interface FarcasterConfig {
  readonly apiKey: string;
  readonly appFid: number;
  readonly appMnemonic: string;
  readonly apiBaseUrl: string;
}

const FARCASTER_NAMES = ['NEYNAR_API_KEY', 'FARCASTER_APP_FID', 'FARCASTER_APP_MNEMONIC'] as const;

/**
 * Farcaster through Neynar: configured when NEYNAR_API_KEY, FARCASTER_APP_FID and
 * FARCASTER_APP_MNEMONIC all are (NEYNAR_API_BASE_URL points tests at a fake). Its signers
 * are approved in the account's app: no callback URL to register.
 */
export function farcasterApp(
  build: (settings: FarcasterConfig, deps: ConnectorDeps) => PlatformConnector,
): PlatformInstall<FarcasterConfig> & { readonly platform: 'FARCASTER' } {
  return { platform: 'FARCASTER', read: readFarcaster, setup: () => ({ variables: FARCASTER_NAMES, callbackUrl: null }), connector: build };
}

function readFarcaster(env: Env): FarcasterConfig | null {
  const [apiKey, fid, mnemonic] = FARCASTER_NAMES.map((name) => env[name]?.trim() || null);
  if (apiKey === null && fid === null && mnemonic === null) return null;
  if (apiKey === null || fid === null || mnemonic === null) {
    const missing = FARCASTER_NAMES.filter((name) => !env[name]?.trim());
    throw new ConfigError(missing[0]!, `${FARCASTER_NAMES.join(', ')} are set together or not at all`);
  }
  if (!/^[1-9]\d{0,15}$/.test(fid)) throw new ConfigError('FARCASTER_APP_FID', "must be the app account's fid (a positive integer)");
  const words = mnemonic.split(/\s+/);
  if (![12, 15, 18, 21, 24].includes(words.length)) {
    throw new ConfigError('FARCASTER_APP_MNEMONIC', "must be the app account's recovery phrase (12 to 24 words)");
  }
  return {
    apiKey,
    appFid: Number(fid),
    appMnemonic: words.join(' '),
    apiBaseUrl: url(env, 'NEYNAR_API_BASE_URL', 'https://api.neynar.com', ['http:', 'https:'])!,
  };
}
