export interface TwitterOptions {
  readonly clientId: string;
  readonly clientSecret: string;
  /** The v2 API, its OAuth token and revoke endpoints included; tests point it at a local server. */
  readonly apiBaseUrl?: string;
  /** Where the owner consents (`/i/oauth2/authorize`). */
  readonly authBaseUrl?: string;
  readonly timeoutMs?: number;
  /** The size of each APPEND of a chunked (video) upload. */
  readonly chunkBytes?: number;
  readonly fetch?: typeof fetch;
  readonly now?: () => Date;
}

export interface TwitterSettings {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly apiBaseUrl: string;
  readonly authBaseUrl: string;
  readonly timeoutMs: number;
  readonly chunkBytes: number;
  readonly fetch: typeof fetch;
  readonly now: () => Date;
}

export function twitterSettings(options: TwitterOptions): TwitterSettings {
  return {
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    apiBaseUrl: (options.apiBaseUrl ?? 'https://api.x.com').replace(/\/+$/, ''),
    authBaseUrl: (options.authBaseUrl ?? 'https://x.com').replace(/\/+$/, ''),
    timeoutMs: options.timeoutMs ?? 30_000,
    chunkBytes: options.chunkBytes ?? 4 * 1024 * 1024,
    fetch: options.fetch ?? fetch,
    now: options.now ?? (() => new Date()),
  };
}
