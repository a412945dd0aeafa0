/** How the service reaches Neynar, and the app account that asks for signers (README, "Connecting accounts"). */
export interface FarcasterOptions {
  readonly apiKey: string;
  /** The app account's fid: the `requestFid` of every signed key request. */
  readonly appFid: number;
  /** The app account's custody key as its recovery phrase: a secret, never logged. */
  readonly appMnemonic: string;
  /** Tests point it at a local server. */
  readonly apiBaseUrl?: string;
  /** How long the account has to approve a signer (the signed key request's deadline). */
  readonly approvalSeconds?: number;
  readonly timeoutMs?: number;
  readonly fetch?: typeof fetch;
}

export interface FarcasterSettings {
  readonly apiKey: string;
  readonly appFid: number;
  readonly appMnemonic: string;
  readonly apiBaseUrl: string;
  readonly approvalSeconds: number;
  readonly timeoutMs: number;
  readonly fetch: typeof fetch;
}

export function farcasterSettings(options: FarcasterOptions): FarcasterSettings {
  return {
    apiKey: options.apiKey,
    appFid: options.appFid,
    appMnemonic: options.appMnemonic,
    apiBaseUrl: (options.apiBaseUrl ?? 'https://api.neynar.com').replace(/\/+$/, ''),
    approvalSeconds: options.approvalSeconds ?? 86_400,
    timeoutMs: options.timeoutMs ?? 30_000,
    fetch: options.fetch ?? fetch,
  };
}
