import { type ApiRoutes } from '../../adapters/inbound/http/RouteKit';
import { type Capability, type CapabilityContext, type CapabilityRoutes, type Lookup } from './Capability';
import { API_KEYS } from './apiKeys/apiKeys';
import { CONNECTIONS } from './connections/connections';
import { ME } from './me/me';
import { POSTS } from './posts/posts';
import { PUBLISHING } from './publishing/publishing';
import { ANALYTICS } from './analytics/analytics';
import { BILLING } from './billing/billing';
import { EMAIL_PREFERENCES } from './emailPreferences/emailPreferences';
import { MEDIA } from './media/media';
import { OAUTH } from './oauth/oauth';
import { SCHEDULES } from './schedules/schedules';
import { TRANSCRIPTIONS } from './transcriptions/transcriptions';
import { WEBHOOKS } from './webhooks/webhooks';
import { WORKSPACE_VIEWS } from './workspaceViews/workspaceViews';

/**
 * The capabilities, one module each (their tokens, stores, use cases and routes), in the
 * order their routes mount. config/bindings/ keeps what they share: the infrastructure, the
 * stores of the shared aggregates, accounts and access, and the MCP server's own check.
 */
export const CAPABILITIES: readonly Capability[] = [
  ME,
  CONNECTIONS,
  API_KEYS,
  POSTS,
  PUBLISHING,
  EMAIL_PREFERENCES,
  TRANSCRIPTIONS,
  WORKSPACE_VIEWS,
  WEBHOOKS,
  SCHEDULES,
  MEDIA,
  BILLING,
  ANALYTICS,
  OAUTH,
];

export function bindCapabilities(context: CapabilityContext): void {
  for (const capability of CAPABILITIES) capability.bind(context);
}

/** The routes of every capability's operations served by `surface`, in the order of CAPABILITIES. */
export function capabilityRoutes(get: Lookup, surface: keyof CapabilityRoutes): ApiRoutes[] {
  return CAPABILITIES.flatMap((capability) => capability.routes?.(get)[surface] ?? []);
}
