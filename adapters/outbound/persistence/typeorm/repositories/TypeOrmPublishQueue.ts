import { type DataSource, type EntityManager } from 'typeorm';
import { type LeasedJob, type LeaseRequest, type PublishJob, type PublishQueue } from '../../../../../application/ports/PublishQueue';
import { PublishJobMapper } from '../mappers/PublishJobMapper';
import { changedRows, type Dialect, dialectOf, inList } from '../sql/Dialect';
import { atCommit, inTransaction, isSetWise, managerOf } from '../transactionContext';
import { HeldJobChanges } from './HeldJobChanges';

const COLUMNS = 'target_id, post_id, workspace_id, not_before, attempts, lease_owner, lease_expires_at';

/**
 * The publish_jobs table workers claim rows from. A claim reads candidates with
 * `FOR UPDATE SKIP LOCKED` on MySQL (several workers never wait for, nor take, each other's
 * rows), at READ COMMITTED so that it takes no gap locks (docs/performance.md, "Issue 25: the
 * engine set-wise": at REPEATABLE READ two claims deadlocked on the gaps their UPDATEs insert
 * index entries into); SQLite has one writer per process (docs/decisions.md). Every change of
 * a job is conditional on its state and lease owner. In a set-wise unit (a round's begins or
 * outcomes) lease renewals and completions wait for its commit, one statement per owner each
 * (HeldJobChanges).
 */
export class TypeOrmPublishQueue implements PublishQueue {
  private readonly d: Dialect;

  constructor(private readonly dataSource: DataSource) {
    this.d = dialectOf(dataSource);
  }

  async enqueue(jobs: readonly PublishJob[], now: Date): Promise<void> {
    if (jobs.length === 0) return;
    const keep = (column: string, value: string) => (this.d.sqlite ? `${column} = ${value}` : `${column} = IF(state = 'leased', ${column}, ${value})`);
    // MySQL applies the assignments left to right, each seeing the ones before: state goes last.
    const onConflict = this.d.sqlite
      ? "ON CONFLICT (target_id) DO UPDATE SET not_before = excluded.not_before, last_error = NULL, state = 'queued' WHERE publish_jobs.state <> 'leased'"
      : `ON DUPLICATE KEY UPDATE ${keep('not_before', 'VALUES(not_before)')}, ${keep('last_error', 'NULL')}, ${keep('state', "'queued'")}`;
    const values = jobs.map(() => "(?, ?, ?, ?, ?, 'queued', 0)").join(', ');
    const params = jobs.flatMap((job) => [job.targetId, job.postId, job.workspaceId, this.d.date(job.notBefore), this.d.date(now)]);
    await inTransaction(this.dataSource, (m) =>
      m.query(`INSERT INTO publish_jobs (target_id, post_id, workspace_id, not_before, created_at, state, attempts) VALUES ${values} ${onConflict}`, params),
    );
  }

  async cancel(targetIds: readonly string[]): Promise<void> {
    if (targetIds.length === 0) return;
    await inTransaction(this.dataSource, (m) =>
      m.query(`DELETE FROM publish_jobs WHERE target_id IN (${inList(targetIds.length)}) AND state <> 'leased'`, [...targetIds]),
    );
  }

  async listForPost(workspaceId: string, postId: string): Promise<PublishJob[]> {
    const rows = await managerOf(this.dataSource).query<Array<Record<string, unknown>>>(
      `SELECT ${COLUMNS} FROM publish_jobs WHERE workspace_id = ? AND post_id = ? ORDER BY not_before, target_id`,
      [workspaceId, postId],
    );
    return rows.map(PublishJobMapper.toJob);
  }

  claimDue(request: LeaseRequest): Promise<LeasedJob[]> {
    return this.claim(request, "state = 'queued' AND not_before <= ?", 'not_before', true);
  }

  claimExpired(request: LeaseRequest): Promise<LeasedJob[]> {
    return this.claim(request, "state = 'leased' AND lease_expires_at <= ?", 'lease_expires_at', false);
  }

  /**
   * One statement per job, each committed alone (BeginAttempt's, inside its unit of work, joins
   * that): a heartbeat holds at most one row lock at a time, so it never deadlocks with a batch
   * that locks the same jobs in post order (docs/decisions.md, "The publishing engine").
   */
  async renew(targetIds: readonly string[], owner: string, until: Date): Promise<string[]> {
    const held = this.heldChanges();
    if (held !== null) return held.renew(targetIds, owner, until);
    const renewed: string[] = [];
    for (const targetId of targetIds) {
      if (await this.ifHeld(owner, 'UPDATE publish_jobs SET lease_expires_at = ? WHERE target_id = ?', [this.d.date(until), targetId])) renewed.push(targetId);
    }
    return renewed;
  }

  complete(targetId: string, owner: string): Promise<boolean> {
    const held = this.heldChanges();
    if (held !== null) return Promise.resolve(held.complete(targetId, owner));
    return this.ifHeld(owner, 'DELETE FROM publish_jobs WHERE target_id = ?', [targetId]);
  }

  /** In a set-wise unit, the changes that wait for its commit; else null. */
  private heldChanges(): HeldJobChanges | null {
    const m = managerOf(this.dataSource);
    if (!isSetWise(m)) return null;
    return atCommit(m, this, () => {
      const changes = new HeldJobChanges(this.d);
      return { state: changes, run: () => changes.apply(m) };
    });
  }

  release(targetId: string, owner: string, notBefore: Date): Promise<boolean> {
    const sql = "UPDATE publish_jobs SET state = 'queued', lease_owner = NULL, lease_expires_at = NULL, not_before = ? WHERE target_id = ?";
    return this.ifHeld(owner, sql, [this.d.date(notBefore), targetId]);
  }

  fail(targetId: string, owner: string, error: string): Promise<boolean> {
    const sql = "UPDATE publish_jobs SET state = 'failed', lease_owner = NULL, lease_expires_at = NULL, last_error = ? WHERE target_id = ?";
    return this.ifHeld(owner, sql, [error, targetId]);
  }

  /** Runs a statement on one job, on condition that `owner` still holds its lease. */
  private async ifHeld(owner: string, sql: string, params: unknown[]): Promise<boolean> {
    // A renewal waiting in this unit checks the lease this statement checks too: not needed
    // (every statement here ends with its target id).
    this.heldChanges()?.forget(params[params.length - 1] as string);
    const guarded = `${sql} AND state = 'leased' AND lease_owner = ?`;
    return inTransaction(this.dataSource, async (m) => (await changedRows(m, guarded, [...params, owner])) === 1);
  }

  /** Leases what `due` selects, oldest `order` first; a claim of due work counts an attempt. */
  private claim(request: LeaseRequest, due: string, order: string, countsAttempt: boolean): Promise<LeasedJob[]> {
    const { owner, now, leaseMs, limit } = request;
    return inTransaction(
      this.dataSource,
      async (m: EntityManager) => {
        const skipLocked = this.d.sqlite ? '' : ' FOR UPDATE SKIP LOCKED';
        const candidates = await m.query<Array<{ target_id: string }>>(
          `SELECT target_id FROM publish_jobs WHERE ${due} ORDER BY ${order}, target_id LIMIT ?${skipLocked}`,
          [this.d.date(now), limit],
        );
        if (candidates.length === 0) return [];
        const ids = candidates.map((c) => c.target_id);
        // By primary key alone, and forced to use it: the rows are this transaction's (locked
        // above, or SQLite's one writer). A scan (which MariaDB picks when the list is a large
        // share of the table) would lock rows other claimers hold, and deadlock with them.
        const byKey = this.d.sqlite ? '' : ' FORCE INDEX (PRIMARY)';
        await m.query(
          `UPDATE publish_jobs${byKey} SET state = 'leased', lease_owner = ?, lease_expires_at = ?${countsAttempt ? ', attempts = attempts + 1' : ''} WHERE target_id IN (${inList(ids.length)})`,
          [owner, this.d.date(new Date(now.getTime() + leaseMs)), ...ids],
        );
        const rows = await m.query<Array<Record<string, unknown>>>(
          `SELECT ${COLUMNS} FROM publish_jobs WHERE target_id IN (${inList(ids.length)}) AND lease_owner = ? ORDER BY not_before, target_id`,
          [...ids, owner],
        );
        return rows.map(PublishJobMapper.toLeased);
      },
      { isolation: 'READ COMMITTED' },
    );
  }
}
