import { type UnitOfWork } from '../../../../application/ports/UnitOfWork';

/**
 * Runs the work and nothing more: the in-memory adapters have no transaction, so a failure
 * halfway keeps the writes made before it (NO rollback). Good for unit tests of use cases;
 * atomicity itself is checked against the databases (TypeOrmUnitOfWork).
 */
export class MemoryUnitOfWork implements UnitOfWork {
  readonly atomic = false;

  run<T>(work: () => Promise<T>): Promise<T> {
    return work();
  }

  /** Nothing to gather: each write is made at once. */
  runSetWise<T>(work: () => Promise<T>): Promise<T> {
    return work();
  }

  /** Nothing to undo with: a rehearsal's work leaves nothing behind itself (see UnitOfWork.rehearse). */
  rehearse<T>(work: () => Promise<T>): Promise<T> {
    return work();
  }
}
