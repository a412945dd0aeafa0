/**
 * The platform calls under way in this process, per connection: at most `perConnection` at
 * once (docs/platforms.md: cap concurrency per connection). One instance serves every engine
 * round of the process; taking and giving back are synchronous, so two rounds never both
 * take the last slot.
 */
export class ConnectionCallSlots {
  private readonly byConnection = new Map<string, Set<string>>();
  private readonly connectionOf = new Map<string, string>();

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

  /** Gives back the slot of `targetId`'s call, if it holds one (safe to repeat). */
  giveBack(targetId: string): void {
    const connectionId = this.connectionOf.get(targetId);
    if (connectionId === undefined) return;
    this.connectionOf.delete(targetId);
    const held = this.byConnection.get(connectionId);
    held?.delete(targetId);
    if (held?.size === 0) this.byConnection.delete(connectionId);
  }
}
