import { type DataSource } from 'typeorm';
import { AvailabilityLog } from '../adapters/outbound/logging/AvailabilityLog';
import { openDatabase } from '../adapters/outbound/persistence/typeorm/createDataSource';
import { bindInfrastructure } from './bindings/infrastructure';
import { bindMcp } from './bindings/mcp';
import { bindMemoryPersistence } from './bindings/memoryPersistence';
import { bindDatabasePersistence } from './bindings/persistence';
import { bindAccess } from './bindings/access';
import { storesOn } from './capabilities/Capability';
import { bindCapabilities } from './capabilities/capabilities';
import { type Config } from './env';
import { TOKENS } from './tokens';
import { type ServiceToken, Wiring } from './Wiring';

export interface CompositionOptions {
  /** `memory`: every store in this process, no database opened (the unit tests). Default: the configured database. */
  readonly persistence?: 'database' | 'memory';
  /** Swaps bindings after the defaults are made: a fixed clock, a fake verifier, an adapter under test. */
  readonly replace?: (wiring: Wiring) => void;
}

export interface Composition {
  /** The service bound to `service`, built on first use. */
  get<T>(service: ServiceToken<T>): T;
  /** The open database, or null with in-memory persistence. */
  readonly dataSource: DataSource | null;
  close(): Promise<void>;
}

/**
 * The composition root, the only place that picks adapters: used by every entry point
 * (service, CLI, migrations, benchmark) and by the tests alike. Opens and migrates the
 * database unless persistence is in memory.
 */
export async function compose(config: Config, options: CompositionOptions = {}): Promise<Composition> {
  const wiring = new Wiring();
  const { checks, closers } = bindInfrastructure(wiring, config);
  // The logger and clock are looked up when the database first fails, after a test may have replaced them.
  const databaseLog = new AvailabilityLog(
    () => wiring.get(TOKENS.Logger),
    () => wiring.get(TOKENS.Clock),
    'database',
  );
  const dataSource = options.persistence === 'memory' ? null : await openDatabase(config.database, databaseLog);
  // The one choice between the database's adapters and memory's, every capability's stores included.
  const stores = storesOn(dataSource);
  checks.unshift(stores.pick({ database: (ds) => bindDatabasePersistence(wiring, config, ds), memory: () => bindMemoryPersistence(wiring) }));
  wiring.value(TOKENS.HealthChecks, checks);
  bindAccess(wiring);
  bindMcp(wiring, config);
  bindCapabilities({ wiring, config, stores });
  options.replace?.(wiring);
  return {
    get: (service) => wiring.get(service),
    dataSource,
    async close() {
      await Promise.all(closers.map((close) => close()));
      if (dataSource?.isInitialized) await dataSource.destroy();
    },
  };
}
