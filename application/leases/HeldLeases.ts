import { type Clock } from '../ports/Clock';

/** Where leases are kept: the publish queue and the webhook deliveries both renew this way. */
export interface RenewableLeases {
  renew(ids: readonly string[], owner: string, until: Date): Promise<string[]>;
}

/**
 * The work this process holds under short leases right now, by owner, so that a heartbeat
 * renews exactly that (docs/decisions.md, "The publishing worker"). A lease is short so a dead
 * worker's work comes back to the others soon; it stays its holder's for as long as the work
 * is under way here, however long a call takes. Work is let go as soon as its last change is
 * made, or given up on (an outcome that could not be recorded): a lease nobody renews runs out,
 * and the work is settled elsewhere, never kept forever by a process that forgot it.
 */
export class HeldLeases {
  private readonly byOwner = new Map<string, Set<string>>();

  constructor(
    private readonly leases: RenewableLeases,
    private readonly clock: Clock,
    readonly leaseMs: number,
  ) {}

  hold(owner: string, ids: readonly string[]): void {
    if (ids.length === 0) return;
    const held = this.byOwner.get(owner) ?? new Set<string>();
    for (const id of ids) held.add(id);
    this.byOwner.set(owner, held);
  }

  /** Safe to repeat. */
  letGo(owner: string, id: string): void {
    const held = this.byOwner.get(owner);
    held?.delete(id);
    if (held?.size === 0) this.byOwner.delete(owner);
  }

  heldBy(owner: string): string[] {
    return [...(this.byOwner.get(owner) ?? [])];
  }

  /**
   * Every lease `owner` holds here, extended to a lease from now; the ids another worker took
   * meanwhile (its holder stalled past the lease) are let go and returned: that work is theirs.
   */
  async renew(owner: string): Promise<{ readonly renewed: number; readonly lost: string[] }> {
    const ids = this.heldBy(owner);
    if (ids.length === 0) return { renewed: 0, lost: [] };
    const renewed = new Set(await this.leases.renew(ids, owner, this.until()));
    // Let go meanwhile (its work ended during the renewal) is not lost: only what is still held.
    const lost = ids.filter((id) => !renewed.has(id) && this.byOwner.get(owner)?.has(id) === true);
    for (const id of lost) this.letGo(owner, id);
    return { renewed: renewed.size, lost };
  }

  /** One lease renewed now, as a call is about to begin: false when `owner` no longer holds it. */
  async confirm(owner: string, id: string): Promise<boolean> {
    return (await this.leases.renew([id], owner, this.until())).length === 1;
  }

  private until(): Date {
    return new Date(this.clock.now().getTime() + this.leaseMs);
  }
}
