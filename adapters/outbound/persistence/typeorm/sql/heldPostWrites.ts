import { type EntityManager } from 'typeorm';
import { type PostRow } from '../schemas/PostSchema';
import { type PostTargetRow } from '../schemas/PostTargetSchema';
import { atCommit, isSetWise } from '../transactionContext';
import { type PostWrites } from './postWrites';

/** A target's row as the save writes it, and as it is stored. */
export interface ChangedTarget {
  readonly row: PostTargetRow;
  readonly before: PostTargetRow;
}

interface Held {
  readonly posts: Map<string, { row: PostRow; readonly storedVersion: number }>;
  readonly targets: Map<string, PostTargetRow>;
  /** The target columns any held save changed: the only ones the UPDATE sets (an index is rewritten only for a column set). */
  readonly columns: Set<string>;
}

/**
 * The post and target updates a set-wise unit of work holds back until its commit
 * (TypeOrmPostRepository): one UPDATE for the posts, each conditional on the version stored
 * before the unit's first save of it, one for the targets. Only saves that change rows in
 * place are held (no content, no target added or dropped, no review); a post saved twice
 * keeps its last rows. Posts are read or written otherwise in the unit only after `flush`.
 */
export class HeldPostWrites {
  constructor(private readonly writes: PostWrites) {}

  /** Held until the commit: the post's row and its changed targets' (the caller checked they qualify). */
  hold(m: EntityManager, post: PostRow, targets: readonly ChangedTarget[]): void {
    const held = this.heldIn(m)!;
    const before = held.posts.get(post.id);
    held.posts.set(post.id, { row: post, storedVersion: before?.storedVersion ?? post.version - 1 });
    for (const { row, before } of targets) {
      held.targets.set(row.id, row);
      for (const column of this.writes.changedColumns(before, row)) held.columns.add(column);
    }
  }

  canHold(m: EntityManager): boolean {
    return isSetWise(m);
  }

  /** What this unit holds is written now (before a read of posts or a write that is not held). */
  async flush(m: EntityManager): Promise<void> {
    const held = isSetWise(m) ? this.heldIn(m) : null;
    if (held === null || held.posts.size === 0) return;
    const posts = [...held.posts.values()].sort((a, b) => (a.row.id < b.row.id ? -1 : 1));
    const targets = [...held.targets.values()].sort((a, b) => (a.id < b.id ? -1 : 1));
    const columns = [...held.columns];
    held.posts.clear();
    held.targets.clear();
    held.columns.clear();
    if (!(await this.writes.updatePosts(m, posts))) throw new Error('a post changed under a set-wise unit of work: it rolls back');
    await this.writes.updateTargets(m, targets, columns);
  }

  private heldIn(m: EntityManager): Held | null {
    return atCommit(m, this, () => {
      const held: Held = { posts: new Map(), targets: new Map(), columns: new Set() };
      return { state: held, run: () => this.flush(m) };
    });
  }
}
