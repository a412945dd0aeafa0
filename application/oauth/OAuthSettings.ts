/** The authorization server's lifetimes and addresses (README, "Configuration"; docs/decisions.md, "OAuth server"). */
export interface OAuthSettings {
  /** BASE_URL: the issuer, and the prefix of every endpoint. */
  readonly issuer: string;
  /** The resource a request naming none gets (RFC 8707): the API at BASE_URL. */
  readonly resource: string;
  /** Every resource tokens may be issued for, `resource` first: the API and the MCP server at BASE_URL/mcp (docs/agents.md). */
  readonly resources: readonly string[];
  readonly codeTtlSeconds: number;
  readonly deviceTtlSeconds: number;
  readonly deviceIntervalSeconds: number;
  /** A refresh token unused this long dies. */
  readonly refreshIdleSeconds: number;
  /** A token family ends this long after the person granted it, however often it is refreshed. */
  readonly grantLifetimeSeconds: number;
  /** Expired device codes are kept this long, so a late poll hears expired_token. */
  readonly expiredKeptSeconds: number;
  /** How long a consent page's request stays usable. */
  readonly consentTtlSeconds: number;
}

export const secondsFrom = (at: Date, seconds: number): Date => new Date(at.getTime() + seconds * 1000);
