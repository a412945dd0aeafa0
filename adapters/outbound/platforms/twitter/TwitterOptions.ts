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
  /**
   * The account's username for a connection, for post URLs of the form `x.com/{username}/status/{id}`;
   * without it (or when it knows none), the URL names the post alone (`x.com/i/web/status/{id}`).
   */
  readonly usernameOf?: (connectionId: string) => Promise<string | null>;
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
  readonly usernameOf: ((connectionId: string) => Promise<string | null>) | null;
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
    usernameOf: options.usernameOf ?? null,
    fetch: options.fetch ?? fetch,
    now: options.now ?? (() => new Date()),
  };
}
