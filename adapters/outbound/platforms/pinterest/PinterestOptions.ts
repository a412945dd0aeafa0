export interface PinterestOptions {
  readonly clientId: string;
  readonly clientSecret: string;
  /** The v5 API and its token endpoint; `https://api-sandbox.pinterest.com` for an app on Trial access. Tests point it at a local server. */
  readonly apiBaseUrl?: string;
  /** Where the owner consents (`/oauth/`). */
  readonly authBaseUrl?: string;
  readonly timeoutMs?: number;
  /** How long to wait before asking again whether Pinterest has processed an uploaded video. */
  readonly videoCheckSeconds?: number;
  readonly fetch?: typeof fetch;
  readonly now?: () => Date;
}

export interface PinterestSettings {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly apiBaseUrl: string;
  readonly authBaseUrl: string;
  readonly timeoutMs: number;
  readonly videoCheckSeconds: number;
  readonly fetch: typeof fetch;
  readonly now: () => Date;
}

export function pinterestSettings(options: PinterestOptions): PinterestSettings {
  return {
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    apiBaseUrl: (options.apiBaseUrl ?? 'https://api.pinterest.com').replace(/\/+$/, ''),
    authBaseUrl: (options.authBaseUrl ?? 'https://www.pinterest.com').replace(/\/+$/, ''),
    timeoutMs: options.timeoutMs ?? 30_000,
    videoCheckSeconds: options.videoCheckSeconds ?? 15,
    fetch: options.fetch ?? fetch,
    now: options.now ?? (() => new Date()),
  };
}
