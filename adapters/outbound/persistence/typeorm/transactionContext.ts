import { AsyncLocalStorage } from 'node:async_hooks';
import { type DataSource, type EntityManager } from 'typeorm';
import { type UnitOfWork } from '../../../../application/ports/UnitOfWork';

const current = new AsyncLocalStorage<EntityManager>();

/** The transaction's manager when called inside UnitOfWork.run, else the DataSource's own. */
export function managerOf(dataSource: DataSource): EntityManager {
  return current.getStore() ?? dataSource.manager;
}

/** Runs `work` in a transaction, or joins the one already open around it. */
export function inTransaction<T>(dataSource: DataSource, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  const open = current.getStore();
  if (open !== undefined) return work(open);
  return dataSource.transaction((manager) => current.run(manager, () => work(manager)));
}

export class TypeOrmUnitOfWork implements UnitOfWork {
  constructor(private readonly dataSource: DataSource) {}

  run<T>(work: () => Promise<T>): Promise<T> {
    return inTransaction(this.dataSource, () => work());
  }
}
