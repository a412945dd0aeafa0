import { type EntityManager } from 'typeorm';
import { atCommit, COMMIT_RANK, isSetWise } from '../transactionContext';
import { changedRows, type Dialect } from './Dialect';

/** Where a post is counted in post_counts. */
export interface CountKey {
  readonly workspaceId: string;
  readonly status: string;
}

/** Code-unit order, the same on every run: the order count rows are locked in. */
const compareKeys = (a: CountKey, b: CountKey): number =>
  a.workspaceId < b.workspaceId ? -1 : a.workspaceId > b.workspaceId ? 1 : a.status < b.status ? -1 : a.status > b.status ? 1 : 0;

const keyOf = (k: CountKey): string => `${k.workspaceId}\u0000${k.status}`;

/**
 * post_counts: how many posts each workspace holds per status, moved in the transaction of
 * every save and remove, so posts.list reads its total without a COUNT (docs/performance.md).
 *
 * Concurrency on MySQL: a count row goes up by an atomic `count = count + 1`, once the row is
 * known to exist; a row once made stays until its workspace goes, so this instance remembers
 * the rows it has seen and skips the check for them. A row not known to exist is made first
 * by an upsert that updates nothing that matters: on a duplicate it takes the EXCLUSIVE row
 * lock (a second creator waits for the first one's commit and counts on top of it), never a
 * shared lock two transactions would both try to upgrade, and never the gap lock of an
 * UPDATE that finds nothing, on which two creates deadlock. Two rows (a status change) are
 * moved in key order, so two opposite changes cannot hold one each.
 */
export class PostCounts {
  private readonly known = new Set<string>();

  constructor(private readonly d: Dialect) {}

  /**
   * Inside a transaction, only noted: the moves of one transaction are added up per row and
   * made just before it commits (atCommit), the rows in key order, so a count row is the last
   * lock a transaction takes, held only for its commit, and twenty moves of one row are one
   * UPDATE (docs/decisions.md, "The publishing engine").
   */
  async move(m: EntityManager, before: CountKey | null, after: CountKey | null): Promise<void> {
    if (before !== null && after !== null && keyOf(before) === keyOf(after)) return;
    const open = () => {
      const moves = new Map<string, [CountKey, number]>();
      return { state: moves, run: () => this.apply(m, moves) };
    };
    const noted = atCommit(m, this, open, COMMIT_RANK.postCounts);
    const moves = noted ?? new Map<string, [CountKey, number]>();
    for (const [key, delta] of [[before, -1] as const, [after, 1] as const]) {
      if (key === null) continue;
      const moved = moves.get(keyOf(key));
      moves.set(keyOf(key), [key, (moved?.[1] ?? 0) + delta]);
    }
    if (noted === null) await this.apply(m, moves);
  }

  private async apply(m: EntityManager, moves: ReadonlyMap<string, [CountKey, number]>): Promise<void> {
    const changes = [...moves.values()].filter(([, delta]) => delta !== 0).sort(([a], [b]) => compareKeys(a, b));
    if (changes.length > 1 && isSetWise(m) && changes.every(([key]) => this.known.has(keyOf(key)))) return this.applyAtOnce(m, changes);
    const count = this.d.quote('count');
    for (const [key, delta] of changes) {
      const ensured = delta > 0 && !this.known.has(keyOf(key));
      if (ensured) await this.ensureRow(m, key);
      const update = () =>
        changedRows(m, `UPDATE post_counts SET ${count} = ${count} + ? WHERE workspace_id = ? AND status = ?`, [delta, key.workspaceId, key.status]);
      const changed = await update();
      // A row found by its UPDATE was there before this transaction (one it made itself is
      // remembered by ensureRow only once found committed): known from now on.
      if (changed === 1 && !ensured) this.known.add(keyOf(key));
      // A remembered row can only be gone with its workspace (or a database reset under a
      // running instance): made again, then counted.
      if (changed === 0 && delta > 0) {
        this.known.delete(keyOf(key));
        await this.ensureRow(m, key);
        await update();
      }
    }
  }

  /**
   * Every row known to exist: moved in ONE statement (a set-wise unit of work, whose rounds
   * touch up to two rows per workspace), the rows locked in key order as the index is read.
   * One gone meanwhile fails the unit, which is then done again move by move.
   */
  private async applyAtOnce(m: EntityManager, changes: ReadonlyArray<[CountKey, number]>): Promise<void> {
    const count = this.d.quote('count');
    const deltas = changes.map(() => 'WHEN workspace_id = ? AND status = ? THEN ?').join(' ');
    const keys = changes.map(() => '(workspace_id = ? AND status = ?)').join(' OR ');
    const sql = `UPDATE post_counts SET ${count} = ${count} + CASE ${deltas} END WHERE ${keys}`;
    const params = [...changes.flatMap(([key, delta]) => [key.workspaceId, key.status, delta]), ...changes.flatMap(([key]) => [key.workspaceId, key.status])];
    if ((await changedRows(m, sql, params)) === changes.length) return;
    for (const [key] of changes) this.known.delete(keyOf(key));
    throw new Error('a count row was gone: the set-wise unit rolls back and moves its counts one by one');
  }

  private async ensureRow(m: EntityManager, key: CountKey): Promise<void> {
    const found = await m.query<unknown[]>('SELECT 1 AS found FROM post_counts WHERE workspace_id = ? AND status = ?', [key.workspaceId, key.status]);
    if (found.length === 0) {
      const upsert = this.d.sqlite
        ? 'ON CONFLICT (workspace_id, status) DO UPDATE SET workspace_id = excluded.workspace_id'
        : 'ON DUPLICATE KEY UPDATE workspace_id = VALUES(workspace_id)';
      await m.query(`INSERT INTO post_counts (workspace_id, status, ${this.d.quote('count')}) VALUES (?, ?, 0) ${upsert}`, [key.workspaceId, key.status]);
    }
    // Remembered once this transaction commits the row, or another one did: a rolled-back
    // first row is made again by the next save, whose UPDATE would otherwise match nothing.
    if (found.length > 0) this.known.add(keyOf(key));
  }
}
