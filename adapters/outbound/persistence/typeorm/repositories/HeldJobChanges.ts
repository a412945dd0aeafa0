import { type EntityManager } from 'typeorm';
import { changedRows, type Dialect, inList } from '../sql/Dialect';

/**
 * The changes of leased jobs a set-wise unit of work holds back until its commit
 * (TypeOrmPublishQueue): lease renewals, then completions, each one statement per lease owner,
 * by primary key (rows locked in key order). Each is conditional on the lease as the single
 * statements are; one that matches fewer jobs than it names throws, so the unit rolls back
 * whole and its caller does the jobs one by one (docs/decisions.md, "The publishing engine").
 */
export class HeldJobChanges {
  private readonly renewals = new Map<string, { until: Date; ids: Set<string> }>();
  private readonly completions = new Map<string, Set<string>>();

  constructor(private readonly d: Dialect) {}

  /** By primary key alone (MySQL), as the claim's UPDATE: a scan would lock other workers' jobs. */
  private get byKey(): string {
    return this.d.sqlite ? '' : ' FORCE INDEX (PRIMARY)';
  }

  /** Noted; every id is reported renewed, which the commit checks. */
  renew(targetIds: readonly string[], owner: string, until: Date): string[] {
    const noted = this.renewals.get(owner) ?? { until, ids: new Set<string>() };
    if (until > noted.until) noted.until = until;
    for (const id of targetIds) noted.ids.add(id);
    this.renewals.set(owner, noted);
    return [...targetIds];
  }

  /** Noted; reported held, which the commit checks. */
  complete(targetId: string, owner: string): true {
    this.forget(targetId);
    const ids = this.completions.get(owner) ?? new Set<string>();
    ids.add(targetId);
    this.completions.set(owner, ids);
    return true;
  }

  /** A renewal no longer needed: the job's lease is checked and changed by a statement made now. */
  forget(targetId: string): void {
    for (const noted of this.renewals.values()) noted.ids.delete(targetId);
  }

  async apply(m: EntityManager): Promise<void> {
    for (const [owner, { until, ids }] of this.renewals) {
      await this.ifAllHeld(m, owner, `UPDATE publish_jobs${this.byKey} SET lease_expires_at = ?`, [this.d.date(until)], [...ids]);
    }
    const deleteFrom = this.d.sqlite ? 'DELETE FROM publish_jobs' : `DELETE publish_jobs FROM publish_jobs${this.byKey}`;
    for (const [owner, ids] of this.completions) await this.ifAllHeld(m, owner, deleteFrom, [], [...ids]);
    this.renewals.clear();
    this.completions.clear();
  }

  private async ifAllHeld(m: EntityManager, owner: string, statement: string, params: unknown[], ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    const sorted = ids.sort();
    const sql = `${statement} WHERE target_id IN (${inList(sorted.length)}) AND state = 'leased' AND lease_owner = ?`;
    const changed = await changedRows(m, sql, [...params, ...sorted, owner]);
    if (changed !== sorted.length)
      throw new Error(`${sorted.length - changed} of ${sorted.length} jobs were no longer leased to ${owner}: the set-wise unit rolls back`);
  }
}
