import { type ApiRoutes } from '../../adapters/inbound/http/RouteKit';
import { type Capability, type CapabilityContext, type CapabilityRoutes, type Lookup } from './Capability';
import { SCHEDULES } from './schedules/schedules';

/**
 * The capabilities composed one module each (their tokens, stores, use cases and routes);
 * what config/bindings/ still binds moves here capability by capability.
 */
export const CAPABILITIES: readonly Capability[] = [SCHEDULES];

export function bindCapabilities(context: CapabilityContext): void {
  for (const capability of CAPABILITIES) capability.bind(context);
}

/** The routes of every capability's operations served by `surface`, in the order of CAPABILITIES. */
export function capabilityRoutes(get: Lookup, surface: keyof CapabilityRoutes): ApiRoutes[] {
  return CAPABILITIES.flatMap((capability) => capability.routes?.(get)[surface] ?? []);
}
