import { type ApiRoutes } from '../../adapters/inbound/http/RouteKit';
import { type Capability, type CapabilityContext, type CapabilityRoutes, type Lookup } from './Capability';
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
 * The capabilities composed one module each (their tokens, stores, use cases and routes);
 * what config/bindings/ still binds moves here capability by capability.
 */
export const CAPABILITIES: readonly Capability[] = [EMAIL_PREFERENCES, TRANSCRIPTIONS, WORKSPACE_VIEWS, WEBHOOKS, SCHEDULES, MEDIA, BILLING, ANALYTICS, OAUTH];

export function bindCapabilities(context: CapabilityContext): void {
  for (const capability of CAPABILITIES) capability.bind(context);
}

/** The routes of every capability's operations served by `surface`, in the order of CAPABILITIES. */
export function capabilityRoutes(get: Lookup, surface: keyof CapabilityRoutes): ApiRoutes[] {
  return CAPABILITIES.flatMap((capability) => capability.routes?.(get)[surface] ?? []);
}
