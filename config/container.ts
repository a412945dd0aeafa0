import { Container } from 'inversify';
import { type DataSource } from 'typeorm';
import { openDatabase } from '../adapters/outbound/persistence/typeorm/createDataSource';
import { type Config } from './env';
import { bindInfrastructure } from './bindings/infrastructure';
import { bindPersistence } from './bindings/persistence';
import { bindUseCases } from './bindings/useCases';

export interface Composition {
  readonly container: Container;
  readonly dataSource: DataSource;
  close(): Promise<void>;
}

/** The composition root: the only place that picks adapters. Opens the database and migrates it. */
export async function compose(config: Config): Promise<Composition> {
  const dataSource = await openDatabase(config.database);
  const container = new Container();
  bindPersistence(container, config, dataSource);
  const closers = bindInfrastructure(container, config, dataSource);
  bindUseCases(container, config);
  return {
    container,
    dataSource,
    async close() {
      await Promise.all(closers.map((close) => close()));
      if (dataSource.isInitialized) await dataSource.destroy();
    },
  };
}
