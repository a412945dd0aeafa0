/**
 * The platform calls under way in this process, per connection: at most `perConnection` at
 * once (docs/platforms.md: cap concurrency per connection). One instance serves every engine
 * round of the process; taking and giving back are synchronous, so two rounds never both
 * take the last slot.
 */
export class ConnectionCallSlots {
  private readonly byConnection = new Map<string, Set<string>>();
  private readonly connectionOf = new Map<string, string>();
  /** The calls waiting for a slot, per connection, first come first served. */
  private readonly waiting = new Map<string, Array<{ readonly targetId: string; readonly handOver: () => void }>>();

  constructor(private readonly perConnection: number) {}

  /** A slot for the call of `targetId`; false when the connection's calls are all taken. */
  tryTake(connectionId: string, targetId: string): boolean {
    const held = this.byConnection.get(connectionId) ?? new Set<string>();
    if (held.has(targetId)) return true;
    if (held.size >= this.perConnection) return false;
    held.add(targetId);
    this.byConnection.set(connectionId, held);
    this.connectionOf.set(targetId, connectionId);
    return true;
  }

  /** Calls under way on the connection. */
  inFlight(connectionId: string): number {
    return this.byConnection.get(connectionId)?.size ?? 0;
  }

  /**
   * True once `targetId` holds a slot on the connection: at once if one is free, else handed
   * over by the call that gives one back, to the longest waiting first; false when `giveUp`
   * settles first (the target then holds nothing).
   */
  async waitFor(connectionId: string, targetId: string, giveUp: Promise<unknown>): Promise<boolean> {
    if (this.tryTake(connectionId, targetId)) return true;
    let handed = false;
    const queue = this.waiting.get(connectionId) ?? [];
    this.waiting.set(connectionId, queue);
    let handOver: () => void = () => undefined;
    const turn = new Promise<void>((resolve) => {
      handOver = () => {
        handed = true;
        resolve();
      };
    });
    const waiter = { targetId, handOver };
    queue.push(waiter);
    await Promise.race([turn, giveUp]);
    if (!handed) this.leaveQueue(connectionId, waiter);
    return handed;
  }

  /** Gives back the slot of `targetId`'s call, if it holds one (safe to repeat): to the first call waiting for it, if any. */
  giveBack(targetId: string): void {
    const connectionId = this.connectionOf.get(targetId);
    if (connectionId === undefined) return;
    this.connectionOf.delete(targetId);
    const held = this.byConnection.get(connectionId);
    held?.delete(targetId);
    if (held?.size === 0) this.byConnection.delete(connectionId);
    const next = this.waiting.get(connectionId)?.shift();
    if (next === undefined) return;
    this.leaveQueue(connectionId, next);
    this.tryTake(connectionId, next.targetId);
    next.handOver();
  }

  private leaveQueue(connectionId: string, waiter: { readonly targetId: string }): void {
    const queue = this.waiting.get(connectionId);
    if (queue === undefined) return;
    const at = queue.indexOf(waiter as (typeof queue)[number]);
    if (at !== -1) queue.splice(at, 1);
    if (queue.length === 0) this.waiting.delete(connectionId);
  }
}
