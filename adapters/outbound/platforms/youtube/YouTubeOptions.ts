/**
 * The channels a connection names: the one its Google consent was given for (the connection's
 * account) and the one its owner chose with `POST …/connections/{id}/target`, if any.
 */
export interface YouTubeChannelChoice {
  readonly consentChannelId: string;
  readonly chosen: { readonly id: string; readonly name: string } | null;
}

export interface YouTubeOptions {
  readonly clientId: string;
  readonly clientSecret: string;
  /** The YouTube Data API and its upload endpoint (https://www.googleapis.com); tests point it at a local server. */
  readonly apiBaseUrl?: string;
  /** Google's consent screen (https://accounts.google.com). */
  readonly authBaseUrl?: string;
  /** Google's token and revocation endpoints (https://oauth2.googleapis.com). */
  readonly tokenBaseUrl?: string;
  readonly timeoutMs?: number;
  /** Bytes per upload request: a multiple of 256 KiB, as the resumable protocol requires. */
  readonly chunkBytes?: number;
  readonly fetch?: typeof fetch;
  readonly now?: () => Date;
}

export interface YouTubeSettings {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly apiBaseUrl: string;
  readonly authBaseUrl: string;
  readonly tokenBaseUrl: string;
  readonly timeoutMs: number;
  readonly chunkBytes: number;
  readonly fetch: typeof fetch;
  readonly now: () => Date;
}

export const CHUNK_UNIT_BYTES = 256 * 1024;

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

export function youTubeSettings(options: YouTubeOptions): YouTubeSettings {
  const chunkBytes = options.chunkBytes ?? 32 * CHUNK_UNIT_BYTES;
  if (chunkBytes <= 0 || chunkBytes % CHUNK_UNIT_BYTES !== 0) throw new Error(`YouTube upload chunks must be a multiple of 256 KiB, not ${chunkBytes}`);
  return {
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    apiBaseUrl: withoutTrailingSlash(options.apiBaseUrl ?? 'https://www.googleapis.com'),
    authBaseUrl: withoutTrailingSlash(options.authBaseUrl ?? 'https://accounts.google.com'),
    tokenBaseUrl: withoutTrailingSlash(options.tokenBaseUrl ?? 'https://oauth2.googleapis.com'),
    timeoutMs: options.timeoutMs ?? 30_000,
    chunkBytes,
    fetch: options.fetch ?? fetch,
    now: options.now ?? (() => new Date()),
  };
}
