import { type ApiRoutes } from '../adapters/inbound/http/RouteKit';
import { capabilityRoutes } from './capabilities/capabilities';
import { type Composition } from './container';

/** The JSON API: each capability's declared operations (adapters/inbound/http/operations/) with the use cases they call. */
export function apiRoutes({ get }: Composition): ApiRoutes[] {
  return capabilityRoutes(get, 'api');
}

/** The API's routers whose request bodies stream (the upload surface, docs/surfaces.md). */
export function uploadRoutes({ get }: Composition): ApiRoutes[] {
  return capabilityRoutes(get, 'uploads');
}

/** The API's routers whose bodies or answers are CSV files: the CSV surface (docs/surfaces.md). */
export function csvRoutes({ get }: Composition): ApiRoutes[] {
  return capabilityRoutes(get, 'csv');
}
