import { type DataSource } from 'typeorm';
import { type ApiRoutes } from '../../adapters/inbound/http/RouteKit';
import { type Config } from '../env';
import { type ServiceToken, type Wiring } from '../Wiring';

/**
 * Where the stores live, chosen once by compose (config/container.ts) for every capability:
 * on the open database, or in this process's memory when there is none (the unit tests).
 */
export interface Stores {
  /** The open database; null in memory. */
  readonly dataSource: DataSource | null;
  /** The database's adapter on the open DataSource, or the in-memory one: of the type the binding asks for. */
  pick<T>(adapters: { readonly database: (dataSource: DataSource) => NoInfer<T>; readonly memory: () => NoInfer<T> }): T;
}

export function storesOn(dataSource: DataSource | null): Stores {
  return { dataSource, pick: (adapters) => (dataSource === null ? adapters.memory() : adapters.database(dataSource)) };
}

export interface CapabilityContext {
  readonly wiring: Wiring;
  readonly config: Config;
  readonly stores: Stores;
}

/** The composition's lookup of a bound service. */
export type Lookup = <T>(service: ServiceToken<T>) => T;

/** A capability's routes, by the surface serving them (docs/surfaces.md). */
export interface CapabilityRoutes {
  readonly api?: readonly ApiRoutes[];
  readonly uploads?: readonly ApiRoutes[];
  readonly csv?: readonly ApiRoutes[];
}

/**
 * One capability's composition, in one module beside its tokens: its stores (through
 * `stores`, the one choice of persistence), its use cases, and the routes of its declared
 * operations (adapters/inbound/http/operations/) with the use cases they call.
 */
export interface Capability {
  readonly name: string;
  bind(context: CapabilityContext): void;
  routes?(get: Lookup): CapabilityRoutes;
}
