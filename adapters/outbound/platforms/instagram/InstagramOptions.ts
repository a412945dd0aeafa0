export interface InstagramOptions {
  /** The Instagram app's id and secret (not the Facebook app's). */
  readonly clientId: string;
  readonly clientSecret: string;
  /** The Graph API host (`https://graph.instagram.com`); tests point it at a local server. */
  readonly apiBaseUrl?: string;
  /** Where the consent screen is (`https://www.instagram.com`). */
  readonly authBaseUrl?: string;
  /** Where the authorization code is exchanged (`https://api.instagram.com`). */
  readonly tokenBaseUrl?: string;
  /** The Graph API version in the path of content calls (`v23.0`). */
  readonly graphVersion?: string;
  readonly timeoutMs?: number;
  /** How long to wait before asking again whether Instagram has processed a container. */
  readonly processingRecheckSeconds?: number;
  readonly fetch?: typeof fetch;
  readonly now?: () => Date;
}

export interface InstagramSettings {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly apiBaseUrl: string;
  readonly authBaseUrl: string;
  readonly tokenBaseUrl: string;
  readonly graphVersion: string;
  readonly timeoutMs: number;
  readonly processingRecheckSeconds: number;
  readonly fetch: typeof fetch;
  readonly now: () => Date;
}

const withoutTrailingSlash = (url: string): string => url.replace(/\/+$/, '');

export function instagramSettings(options: InstagramOptions): InstagramSettings {
  return {
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    apiBaseUrl: withoutTrailingSlash(options.apiBaseUrl ?? 'https://graph.instagram.com'),
    authBaseUrl: withoutTrailingSlash(options.authBaseUrl ?? 'https://www.instagram.com'),
    tokenBaseUrl: withoutTrailingSlash(options.tokenBaseUrl ?? 'https://api.instagram.com'),
    graphVersion: options.graphVersion ?? 'v23.0',
    timeoutMs: options.timeoutMs ?? 30_000,
    processingRecheckSeconds: options.processingRecheckSeconds ?? 30,
    fetch: options.fetch ?? fetch,
    now: options.now ?? (() => new Date()),
  };
}
