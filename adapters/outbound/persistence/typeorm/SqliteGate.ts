import { AsyncLocalStorage } from 'node:async_hooks';

type Waiter = { readonly exclusive: boolean; readonly wake: () => void };

/**
 * Who may use the one SQLite connection now. TypeORM runs every SQLite statement on ONE
 * connection, so a statement sent while another caller's transaction is open runs inside
 * it: it would see that transaction's uncommitted rows, and vanish with its rollback
 * (docs/decisions.md, "SQLite: the unit of work serializes writers").
 *
 * A transaction holds the gate exclusively from BEGIN to COMMIT or ROLLBACK; a statement
 * outside any transaction holds it shared for its own run. The holder of the exclusive
 * hold is known by async context, so the transaction's own statements, and transactions
 * opened inside it, pass straight through (reentrant). Waiters are served in arrival order,
 * so a stream of readers cannot starve a writer.
 */
export class SqliteGate {
  private readonly holder = new AsyncLocalStorage<SqliteGate>();
  private exclusiveHeld = false;
  private sharedHolders = 0;
  private readonly waiting: Waiter[] = [];

  /** True inside the async context of the transaction holding the gate. */
  get heldHere(): boolean {
    return this.holder.getStore() === this;
  }

  /** Runs `work` as the only user of the connection; joins when already the holder. */
  async exclusive<T>(work: () => Promise<T>): Promise<T> {
    if (this.heldHere) return work();
    await this.acquire(true);
    try {
      return await this.holder.run(this, work);
    } finally {
      this.exclusiveHeld = false;
      this.wakeNext();
    }
  }

  /** Runs one statement's `work` beside other statements, but never inside another's transaction. */
  async shared<T>(work: () => Promise<T>): Promise<T> {
    if (this.heldHere) return work();
    await this.acquire(false);
    try {
      return await work();
    } finally {
      this.sharedHolders -= 1;
      if (this.sharedHolders === 0) this.wakeNext();
    }
  }

  private acquire(exclusive: boolean): Promise<void> {
    if (this.waiting.length === 0 && this.grantable(exclusive)) {
      this.take(exclusive);
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push({ exclusive, wake: resolve }));
  }

  private grantable(exclusive: boolean): boolean {
    return exclusive ? !this.exclusiveHeld && this.sharedHolders === 0 : !this.exclusiveHeld;
  }

  private take(exclusive: boolean): void {
    if (exclusive) this.exclusiveHeld = true;
    else this.sharedHolders += 1;
  }

  private wakeNext(): void {
    while (this.waiting.length > 0 && this.grantable(this.waiting[0]!.exclusive)) {
      const next = this.waiting.shift()!;
      this.take(next.exclusive);
      next.wake();
      if (next.exclusive) return;
    }
  }
}
