/** Who a connection publishes as: always its member; an organization where its owner picked one. */
export interface LinkedInAuthor {
  readonly memberId: string;
  readonly organizationId: string | null;
}

export interface LinkedInOptions {
  readonly clientId: string;
  readonly clientSecret: string;
  /** REST and v2 APIs; tests point it at a local server. */
  readonly apiBaseUrl?: string;
  /** OAuth authorization and token endpoints. */
  readonly authBaseUrl?: string;
  /** The `LinkedIn-Version` header (YYYYMM); LinkedIn supports each monthly version for about a year. */
  readonly version?: string;
  /** Also ask for the organization scopes (Community Management API, granted by LinkedIn's review). */
  readonly organizations?: boolean;
  readonly timeoutMs?: number;
  /** How long to wait before the one retry of a call LinkedIn refused with a 401. */
  readonly unauthorizedRetryDelayMs?: number;
  /**
   * Seconds before asking again whether LinkedIn has processed an uploaded video: the publish
   * call answers `processing` and the engine calls back after this delay (never a sleep here).
   */
  readonly videoCheckSeconds?: number;
  readonly fetch?: typeof fetch;
}

export interface LinkedInSettings {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly apiBaseUrl: string;
  readonly authBaseUrl: string;
  readonly version: string;
  readonly organizations: boolean;
  readonly timeoutMs: number;
  readonly unauthorizedRetryDelayMs: number;
  readonly videoCheckSeconds: number;
  readonly fetch: typeof fetch;
}

export function linkedInSettings(options: LinkedInOptions): LinkedInSettings {
  return {
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    apiBaseUrl: (options.apiBaseUrl ?? 'https://api.linkedin.com').replace(/\/+$/, ''),
    authBaseUrl: (options.authBaseUrl ?? 'https://www.linkedin.com').replace(/\/+$/, ''),
    version: options.version ?? '202605',
    organizations: options.organizations ?? false,
    timeoutMs: options.timeoutMs ?? 30_000,
    unauthorizedRetryDelayMs: options.unauthorizedRetryDelayMs ?? 5_000,
    videoCheckSeconds: options.videoCheckSeconds ?? 60,
    fetch: options.fetch ?? fetch,
  };
}
