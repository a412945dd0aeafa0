import { type SettingsSource } from '../kit/install';

/** Neynar's API key and the app account that asks for signers; the recovery phrase is a secret, never logged. */
export interface FarcasterConfig {
  readonly apiKey: string;
  readonly appFid: number;
  readonly appMnemonic: string;
  readonly apiBaseUrl: string;
}

export const FARCASTER_VARIABLES = ['NEYNAR_API_KEY', 'FARCASTER_APP_FID', 'FARCASTER_APP_MNEMONIC'] as const;

/**
 * Configured when NEYNAR_API_KEY, FARCASTER_APP_FID and FARCASTER_APP_MNEMONIC all are
 * (NEYNAR_API_BASE_URL points tests at a fake); null when none is.
 */
export function readFarcaster(source: SettingsSource): FarcasterConfig | null {
  const [apiKey, fid, mnemonic] = FARCASTER_VARIABLES.map((name) => source.text(name));
  if (apiKey === null && fid === null && mnemonic === null) return null;
  if (apiKey === null || fid === null || mnemonic === null) {
    const missing = FARCASTER_VARIABLES.filter((name) => source.text(name) === null);
    return source.refuse(missing[0]!, `${FARCASTER_VARIABLES.join(', ')} are set together or not at all`);
  }
  if (!/^[1-9]\d{0,15}$/.test(fid)) return source.refuse('FARCASTER_APP_FID', "must be the app account's fid (a positive integer)");
  const words = mnemonic.split(/\s+/);
  if (![12, 15, 18, 21, 24].includes(words.length)) {
    return source.refuse('FARCASTER_APP_MNEMONIC', "must be the app account's recovery phrase (12 to 24 words)");
  }
  return { apiKey, appFid: Number(fid), appMnemonic: words.join(' '), apiBaseUrl: source.url('NEYNAR_API_BASE_URL', 'https://api.neynar.com')! };
}
