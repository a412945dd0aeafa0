export interface TikTokOptions {
  /** TikTok names the app's id `client_key` (not `client_id`). */
  readonly clientKey: string;
  readonly clientSecret: string;
  /** The Open API (`open.tiktokapis.com`): tokens, user info, publishing; tests point it at a local server. */
  readonly apiBaseUrl?: string;
  /** Where the consent screen is (`www.tiktok.com`). */
  readonly authBaseUrl?: string;
  readonly timeoutMs?: number;
  /** The chunk size asked for a video upload; TikTok takes 5–64 MB chunks (docs/platforms.md). */
  readonly chunkBytes?: number;
  readonly fetch?: typeof fetch;
  readonly now?: () => Date;
}

export interface TikTokSettings {
  readonly clientKey: string;
  readonly clientSecret: string;
  readonly apiBaseUrl: string;
  readonly authBaseUrl: string;
  readonly timeoutMs: number;
  readonly chunkBytes: number;
  readonly fetch: typeof fetch;
  readonly now: () => Date;
}

const MEGABYTE = 1024 * 1024;

export function tiktokSettings(options: TikTokOptions): TikTokSettings {
  return {
    clientKey: options.clientKey,
    clientSecret: options.clientSecret,
    apiBaseUrl: (options.apiBaseUrl ?? 'https://open.tiktokapis.com').replace(/\/+$/, ''),
    authBaseUrl: (options.authBaseUrl ?? 'https://www.tiktok.com').replace(/\/+$/, ''),
    timeoutMs: options.timeoutMs ?? 30_000,
    // TikTok's bounds for a chunk (docs/platforms.md: 5–64 MB).
    chunkBytes: Math.min(64 * MEGABYTE, Math.max(5 * MEGABYTE, options.chunkBytes ?? 10 * MEGABYTE)),
    fetch: options.fetch ?? fetch,
    now: options.now ?? (() => new Date()),
  };
}
