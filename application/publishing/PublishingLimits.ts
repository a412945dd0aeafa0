import { postBudgetOf } from '../../domain/platform/Platform';
import { type Platform } from '../../domain/platform/Platform';
import { type AttemptLog } from '../ports/AttemptLog';
import { type ConnectionCallSlots } from './ConnectionCallSlots';
import { type PublishingSettings } from './PublishingSettings';

const HOUR_MS = 60 * 60_000;

/** Why a call waits, and until when: its job goes back to the queue for that time, never failed. */
export interface Delayed {
  readonly result: 'connection_busy' | 'over_budget';
  readonly until: Date;
}

/** The call about to be made: which target, on which connection of which platform, which segment. */
export interface CallToAdmit {
  readonly targetId: string;
  readonly connectionId: string;
  readonly platform: Platform;
  readonly segmentIndex: number;
}

/**
 * The limits that delay a call rather than fail it (docs/decisions.md, "The publishing
 * engine"): the calls under way per connection, and the platform's post budget (Instagram's
 * 50 posts a day), counted from the attempt log plus the calls under way in this process.
 */
export class PublishingLimits {
  constructor(
    private readonly slots: ConnectionCallSlots,
    private readonly log: AttemptLog,
    private readonly settings: Pick<PublishingSettings, 'busyRetryMs'>,
  ) {}

  /** Null: the call may go, and holds a slot until `done`. Else when to try again. */
  async admit(call: CallToAdmit, now: Date): Promise<Delayed | null> {
    if (!this.slots.tryTake(call.connectionId, call.targetId)) {
      return { result: 'connection_busy', until: new Date(now.getTime() + this.settings.busyRetryMs) };
    }
    const budget = call.segmentIndex === 0 ? postBudgetOf(call.platform) : null;
    if (budget === null) return null;
    const windowMs = budget.windowHours * HOUR_MS;
    const made = await this.log.postsAfter(call.connectionId, new Date(now.getTime() - windowMs));
    // The other calls under way may each make a post too; they count as made just now.
    const used = made.length + this.slots.inFlight(call.connectionId) - 1;
    if (used < budget.posts) return null;
    this.slots.giveBack(call.targetId);
    // A slot frees when enough of the oldest posts have left the window.
    const leaving = made[used - budget.posts];
    return { result: 'over_budget', until: new Date((leaving?.getTime() ?? now.getTime()) + windowMs) };
  }

  /** See ConnectionCallSlots.waitFor: the call then holds a slot, which `admit` finds taken by it. */
  waitForSlot(connectionId: string, targetId: string, giveUp: Promise<unknown>): Promise<boolean> {
    return this.slots.waitFor(connectionId, targetId, giveUp);
  }

  /** The call is over (or never began): its slot goes back. */
  done(targetId: string): void {
    this.slots.giveBack(targetId);
  }
}
