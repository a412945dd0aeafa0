import { systemNow } from '../../clock/SystemClock';

/** What every connector is given (README, "Connecting accounts"); a platform adds its own beside it. */
export interface ConnectorOptions {
  readonly clientId: string;
  readonly clientSecret: string;
  /** The platform's API; tests point it at a local fake. */
  readonly apiBaseUrl?: string;
  /** Where the owner consents, where it differs from the API. */
  readonly authBaseUrl?: string;
  /** The token endpoint's host, where it differs from the API. */
  readonly tokenBaseUrl?: string;
  readonly timeoutMs?: number;
  readonly fetch?: typeof fetch;
  /** The service's clock (config passes its Clock); the system's time where none is given. */
  readonly now?: () => Date;
}

export interface ConnectorSettings {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly apiBaseUrl: string;
  readonly authBaseUrl: string;
  readonly tokenBaseUrl: string;
  readonly timeoutMs: number;
  readonly fetch: typeof fetch;
  readonly now: () => Date;
}

/** The platform's own addresses, used where the options name none. */
export interface PlatformAddresses {
  readonly api: string;
  readonly auth?: string;
  readonly token?: string;
}

/** A call that hangs is given up after this long (its outcome may then be unknown). */
export const DEFAULT_TIMEOUT_MS = 30_000;

/** What a connector without an OAuth client is given besides its own credentials (Farcaster's Neynar: an API key). */
export type ApiOptions = Pick<ConnectorOptions, 'apiBaseUrl' | 'timeoutMs' | 'fetch' | 'now'>;

export type ApiSettings = Pick<ConnectorSettings, 'apiBaseUrl' | 'timeoutMs' | 'fetch' | 'now'>;

/** The API's address (without a trailing slash, `api` where unset), the timeout, fetch and clock, read once. */
export function apiSettings(options: ApiOptions, api: string): ApiSettings {
  return {
    apiBaseUrl: trimmed(options.apiBaseUrl ?? api),
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    fetch: options.fetch ?? fetch,
    now: options.now ?? systemNow,
  };
}

/** The options read once: addresses without a trailing slash, the platform's own where unset. */
export function connectorSettings(options: ConnectorOptions, addresses: PlatformAddresses): ConnectorSettings {
  const api = apiSettings(options, addresses.api);
  return {
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    ...api,
    authBaseUrl: trimmed(options.authBaseUrl ?? addresses.auth ?? api.apiBaseUrl),
    tokenBaseUrl: trimmed(options.tokenBaseUrl ?? (options.apiBaseUrl === undefined ? addresses.token : undefined) ?? api.apiBaseUrl),
  };
}

const trimmed = (url: string): string => url.replace(/\/+$/, '');
