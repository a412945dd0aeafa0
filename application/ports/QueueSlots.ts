/** A slot of a connection's posting schedule and the target holding it. */
export interface HeldSlot {
  readonly at: Date;
  readonly postId: string;
  readonly targetId: string;
}

/**
 * The slots queued targets hold, one target per connection and instant (docs/decisions.md,
 * "Posting schedules"). Every change joins the caller's unit of work: a slot taken for a post
 * that is then refused is free again.
 */
export interface QueueSlots {
  /**
   * Takes the first of `candidates` (in order) no target holds yet for the connection, for the
   * target; its instant, or null when every one is held. Of two callers asking for the same
   * instant at once, exactly one gets it.
   */
  claim(
    hold: { readonly workspaceId: string; readonly connectionId: string; readonly postId: string; readonly targetId: string },
    candidates: readonly Date[],
  ): Promise<Date | null>;
  /** The slots held for a connection in [from, to), by time. */
  heldBetween(connectionId: string, from: Date, to: Date): Promise<HeldSlot[]>;
  /** What a post's targets hold now. */
  heldBy(postId: string): Promise<HeldSlot[]>;
  /** Lets go of the slots of these targets. */
  release(targetIds: readonly string[]): Promise<void>;
}
