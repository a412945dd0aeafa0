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
  /**
   * The instants taken on a connection in [from, to), by time: held by a queued target, or
   * booked by a target given that instant of its own (a post imported, or scheduled at a slot's
   * time), still pending on a post waiting for its time or publishing. The queue passes over
   * both, so two posts never land on one account at one instant.
   */
  heldBetween(connectionId: string, from: Date, to: Date): Promise<HeldSlot[]>;
  /** What a post's targets hold now. */
  heldBy(postId: string): Promise<HeldSlot[]>;
  /** Lets go of the slots of these targets. */
  release(targetIds: readonly string[]): Promise<void>;
}
