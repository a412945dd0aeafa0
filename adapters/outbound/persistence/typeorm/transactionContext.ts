import { AsyncLocalStorage } from 'node:async_hooks';
import { type DataSource, type EntityManager, type QueryRunner } from 'typeorm';
import { type Cancellation } from '../../../../application/ports/Cancellation';
import { type UnitOfWork } from '../../../../application/ports/UnitOfWork';
import { DomainError } from '../../../../domain/shared/DomainError';
import { SqliteGate } from './SqliteGate';

const current = new AsyncLocalStorage<EntityManager>();
const gates = new WeakMap<DataSource, SqliteGate>();
const readers = new WeakMap<DataSource, DataSource>();
const GUARDED = Symbol('guardedBySqliteGate');
const commitSteps = new WeakMap<EntityManager, Map<object, CommitStep>>();
const setWise = new WeakSet<EntityManager>();
const commitMarks = new AsyncLocalStorage<CommitMark>();

/** A write made in every transaction opened within an async context, just before it commits. */
export type CommitMark = (manager: EntityManager) => Promise<void>;

export const isSqlite = (dataSource: DataSource): boolean => dataSource.options.type === 'better-sqlite3';

/**
 * Makes an SQLite DataSource safe for concurrent callers in one process: every statement
 * sent outside a transaction waits for the open transaction, if any, to end, and
 * inTransaction opens one transaction at a time (SqliteGate). MySQL needs none of this:
 * each transaction there has a connection of its own. Called once, right after initialize.
 */
export function guardConcurrentUse(dataSource: DataSource): void {
  if (!isSqlite(dataSource)) return;
  let gate = gates.get(dataSource);
  if (gate === undefined) {
    gate = new SqliteGate();
    gates.set(dataSource, gate);
  }
  // The better-sqlite3 driver hands every caller the same query runner (a new one after a
  // reconnect, hence the mark).
  const runner = dataSource.createQueryRunner() as QueryRunner & { [GUARDED]?: true };
  if (runner[GUARDED]) return;
  const query = runner.query.bind(runner) as (...args: unknown[]) => Promise<unknown>;
  const guarded = gate;
  runner.query = ((...args: unknown[]) => guarded.shared(() => query(...args))) as QueryRunner['query'];
  runner[GUARDED] = true;
}

interface CommitStep {
  readonly state: unknown;
  readonly run: () => Promise<void>;
  readonly rank: number;
}

/**
 * When a commit step runs among the others: the queue's and the rows' own writes first, then
 * the calendar's day rows, then post_counts, the rows every writer of a workspace shares,
 * always the last locks a transaction takes (docs/decisions.md, "The publishing engine").
 */
export const COMMIT_RANK = { rows: 0, calendarDays: 1, postCounts: 2 } as const;

/**
 * `owner`'s state in the transaction `manager` belongs to, made by `open` on first use, whose
 * `run` is done once at the end of that transaction, just before it commits (never when the
 * work failed), after the steps of a lower `rank`, in the order they were opened within a rank.
 * Null outside a transaction.
 */
export function atCommit<S>(
  manager: EntityManager,
  owner: object,
  open: () => { state: S; run: () => Promise<void> },
  rank: number = COMMIT_RANK.rows,
): S | null {
  const steps = commitSteps.get(manager);
  if (steps === undefined) return null;
  let step = steps.get(owner);
  if (step === undefined) {
    step = { ...open(), rank };
    steps.set(owner, step);
  }
  return step.state as S;
}

/**
 * True inside a set-wise unit of work (UnitOfWork.runSetWise): writes that nothing in the unit
 * reads back may wait for its commit and go there as one statement per table, and a
 * conditional one that then matches fewer rows than it should fails the whole unit.
 */
export const isSetWise = (manager: EntityManager): boolean => setWise.has(manager);

async function withCommitSteps<T>(manager: EntityManager, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  const steps = new Map<object, CommitStep>();
  commitSteps.set(manager, steps);
  try {
    const result = await work(manager);
    // Stable: within a rank, in the order the steps were opened.
    for (const step of [...steps.values()].sort((a, b) => a.rank - b.rank)) await step.run();
    await commitMarks.getStore()?.(manager);
    return result;
  } finally {
    commitSteps.delete(manager);
    setWise.delete(manager);
  }
}

/**
 * Runs `work` so that every transaction it opens (not one it joins: that one's opener decides)
 * runs `mark` last before committing, in the transaction: the mark commits with the
 * transaction's writes or not at all (a request's idempotency key, TypeOrmIdempotencyStore).
 */
export function markingCommitsWithin<T>(mark: CommitMark, work: () => Promise<T>): Promise<T> {
  return commitMarks.run(mark, work);
}

/** The transaction's manager when called inside UnitOfWork.run, else the DataSource's own. */
export function managerOf(dataSource: DataSource): EntityManager {
  return current.getStore() ?? dataSource.manager;
}

/**
 * Gives an SQLite DataSource a read-only connection of its own to the same file, for the
 * reads `readerOf` serves. Closed with the DataSource.
 */
export function attachSqliteReader(dataSource: DataSource, reader: DataSource): void {
  readers.set(dataSource, reader);
  const destroy = dataSource.destroy.bind(dataSource);
  dataSource.destroy = async () => {
    readers.delete(dataSource);
    if (reader.isInitialized) await reader.destroy();
    await destroy();
  };
}

/** The read-only connection an SQLite DataSource was given, if any (its driver is bounded like the main one). */
export const sqliteReaderOf = (dataSource: DataSource): DataSource | undefined => readers.get(dataSource);

/**
 * For a read that must not wait for another caller's transaction (authenticating a request):
 * inside a transaction, its manager; outside one, on SQLite, the read-only connection, which
 * sees the last committed state at once (WAL), as a MySQL pool's connection would; else the
 * DataSource's own manager. Never for a write.
 */
export function readerOf(dataSource: DataSource): EntityManager {
  return current.getStore() ?? readers.get(dataSource)?.manager ?? dataSource.manager;
}

/** How a transaction `inTransaction` opens is run (ignored when it joins one already open). */
export interface TransactionOptions {
  /** MySQL only (SQLite has one writer and no levels): READ COMMITTED takes no gap locks. */
  readonly isolation?: 'READ COMMITTED';
  /** A set-wise unit of work (isSetWise). */
  readonly setWise?: boolean;
}

/**
 * Runs `work` in a transaction, or joins the one already open in this async context. On
 * SQLite the transaction holds the connection to itself until it ends (see guardConcurrentUse).
 */
export function inTransaction<T>(dataSource: DataSource, work: (manager: EntityManager) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
  const open = current.getStore();
  if (open !== undefined) return work(open);
  const inside = (manager: EntityManager) => {
    if (options.setWise === true) setWise.add(manager);
    return current.run(manager, () => withCommitSteps(manager, work));
  };
  const isolation = isSqlite(dataSource) ? undefined : options.isolation;
  const run = () => (isolation === undefined ? dataSource.transaction(inside) : dataSource.transaction(isolation, inside));
  const gate = gates.get(dataSource);
  return gate === undefined ? run() : gate.exclusive(run);
}

export class TypeOrmUnitOfWork implements UnitOfWork {
  readonly atomic = true;

  constructor(
    private readonly dataSource: DataSource,
    private readonly cancellation?: Cancellation,
  ) {}

  /**
   * Rolls back instead of committing when the caller gave up meanwhile (its request already
   * answered 503 `request_timeout`): a change the client was told failed must not appear later.
   */
  run<T>(work: () => Promise<T>): Promise<T> {
    return inTransaction(this.dataSource, async () => {
      const result = await work();
      if (this.cancellation?.current()?.aborted) {
        throw new DomainError('unavailable', 'request_timeout', 'the request ran out of time; nothing was changed');
      }
      return result;
    });
  }

  /**
   * As `run`, set-wise (isSetWise): the post and target updates, attempt rows and the queue's
   * conditional changes of the unit go at its commit, one statement per table. Opened on its
   * own: inside an open unit it is that unit, as it is. At READ COMMITTED on MySQL, as the
   * claim: on a small table MariaDB may run `UPDATE post_targets … WHERE id IN (…)` as a scan
   * of a covering index, which at REPEATABLE READ locks every entry and gap it passes, up to
   * the supremum, and deadlocked with a post being created (its targets' INSERT), answered 500.
   */
  runSetWise<T>(work: () => Promise<T>): Promise<T> {
    return inTransaction(this.dataSource, () => work(), { setWise: true, isolation: 'READ COMMITTED' });
  }

  /**
   * The work in a transaction of its own that is always rolled back: its writes, and the
   * commit steps they noted (atCommit), never reach the database. Refused inside an open
   * transaction, which the rollback would take with it.
   */
  async rehearse<T>(work: () => Promise<T>): Promise<T> {
    if (current.getStore() !== undefined) throw new Error("a rehearsal cannot join an open transaction: its rollback would undo the caller's writes");
    let outcome: { readonly value: T } | { readonly error: unknown } | undefined;
    try {
      await inTransaction(this.dataSource, async () => {
        try {
          outcome = { value: await work() };
        } catch (error) {
          outcome = { error };
        }
        throw UNDONE;
      });
    } catch (error) {
      // Anything but our own signal: the transaction could not open, or the rollback failed.
      if (error !== UNDONE) throw error;
    }
    if (outcome === undefined) throw new Error('a rehearsal ended without running its work');
    if ('error' in outcome) throw outcome.error;
    return outcome.value;
  }
}

/** Thrown out of a rehearsal's transaction so that it rolls back; never seen outside it. */
const UNDONE = Symbol('rehearsal undone');
