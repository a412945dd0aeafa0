export interface ThreadsOptions {
  /** The Threads app id and secret (a Meta app with the Threads use case has its own pair). */
  readonly clientId: string;
  readonly clientSecret: string;
  /** The Graph host (`https://graph.threads.net`): tokens, profile, containers; tests point it at a local server. */
  readonly apiBaseUrl?: string;
  /** Where the owner is sent to consent (`https://threads.net`). */
  readonly authBaseUrl?: string;
  readonly timeoutMs?: number;
  readonly fetch?: typeof fetch;
  readonly now?: () => Date;
}

export interface ThreadsSettings {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly apiBaseUrl: string;
  readonly authBaseUrl: string;
  /** The Graph API version in front of every object path. */
  readonly version: string;
  readonly timeoutMs: number;
  readonly fetch: typeof fetch;
  readonly now: () => Date;
}

export function threadsSettings(options: ThreadsOptions): ThreadsSettings {
  return {
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    apiBaseUrl: (options.apiBaseUrl ?? 'https://graph.threads.net').replace(/\/+$/, ''),
    authBaseUrl: (options.authBaseUrl ?? 'https://threads.net').replace(/\/+$/, ''),
    version: 'v1.0',
    timeoutMs: options.timeoutMs ?? 30_000,
    fetch: options.fetch ?? fetch,
    now: options.now ?? (() => new Date()),
  };
}
