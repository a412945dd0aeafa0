import { mcpResourceOf } from '../adapters/inbound/http/mcpPaths';
import { type OAuthSettings } from '../application/oauth/OAuthSettings';
import { type Env, integer } from './envValues';

const DAY = 86_400;

/** The authorization server's settings (README, "Configuration"; docs/decisions.md, "OAuth server"). */
export interface OAuthConfig extends OAuthSettings {
  readonly accessTokenTtlSeconds: number;
  /** How long before it signs a rotated key is published in the JWKS. */
  readonly keyPublishAheadSeconds: number;
}

export function oauthConfig(env: Env, baseUrl: string): OAuthConfig {
  return {
    issuer: baseUrl,
    resource: baseUrl,
    resources: [baseUrl, mcpResourceOf(baseUrl)],
    accessTokenTtlSeconds: integer(env, 'ACCESS_TOKEN_TTL_SECONDS', 600, 60, 3600),
    refreshIdleSeconds: integer(env, 'REFRESH_TOKEN_IDLE_SECONDS', 30 * DAY, 300, 365 * DAY),
    grantLifetimeSeconds: integer(env, 'OAUTH_GRANT_LIFETIME_SECONDS', 90 * DAY, 3600, 730 * DAY),
    keyPublishAheadSeconds: integer(env, 'SIGNING_KEY_PUBLISH_AHEAD_SECONDS', 3600, 0, 7 * DAY),
    // Fixed by docs/spec.md ("Device and user codes expire after 10 minutes") and RFC 8628's advice.
    deviceTtlSeconds: 600,
    deviceIntervalSeconds: 5,
    codeTtlSeconds: 60,
    consentTtlSeconds: 600,
    expiredKeptSeconds: 3600,
  };
}
