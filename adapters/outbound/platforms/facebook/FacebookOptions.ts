export interface FacebookOptions {
  readonly clientId: string;
  readonly clientSecret: string;
  /** The versioned Graph API, e.g. `https://graph.facebook.com/v25.0`; tests point it at a local server. */
  readonly apiBaseUrl?: string;
  /** The versioned Login dialog host, e.g. `https://www.facebook.com/v25.0`. */
  readonly authBaseUrl?: string;
  readonly timeoutMs?: number;
  readonly fetch?: typeof fetch;
  readonly now?: () => Date;
}

export interface FacebookSettings {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly apiBaseUrl: string;
  readonly authBaseUrl: string;
  readonly timeoutMs: number;
  readonly fetch: typeof fetch;
  readonly now: () => Date;
}

/** Graph API versions live about two years; this one is current as of docs/platforms.md. */
export const GRAPH_VERSION = 'v25.0';

export function facebookSettings(options: FacebookOptions): FacebookSettings {
  return {
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    apiBaseUrl: (options.apiBaseUrl ?? `https://graph.facebook.com/${GRAPH_VERSION}`).replace(/\/+$/, ''),
    authBaseUrl: (options.authBaseUrl ?? `https://www.facebook.com/${GRAPH_VERSION}`).replace(/\/+$/, ''),
    timeoutMs: options.timeoutMs ?? 30_000,
    fetch: options.fetch ?? fetch,
    now: options.now ?? (() => new Date()),
  };
}
