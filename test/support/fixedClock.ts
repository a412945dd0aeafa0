import { type Clock } from '../../application/ports/Clock';
import { type Timer, type Timers } from '../../application/ports/Timers';

export const DEFAULT_NOW = '2030-01-01T00:00:00.000Z';

interface PendingTimer {
  due: number;
  order: number;
  readonly fire: () => void;
  /** Set for a timer from `every`: how far on it comes due again once fired. */
  readonly repeatMs: number | null;
}

/** Lets the work a fired timer started run on (every promise it settles) before the next fires: no real time passes. */
const workRunsOn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * A Clock that stands still until the test sets or advances it, and the Timers on that clock:
 * a timer fires when the test moves the clock to or past its time, never in real time (only
 * timers set on this clock: mocha's and everything else's stay real).
 */
export class FixedClock implements Clock, Timers {
  private ms: number;
  private pending: PendingTimer[] = [];
  private timersSet = 0;

  constructor(start: Date | string = DEFAULT_NOW) {
    this.ms = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.ms);
  }

  /** Moves the clock to `at`, firing (at once, in turn) the timers due by then. */
  set(at: Date | string): void {
    this.moveTo(new Date(at).getTime());
  }

  /** Moves the clock on by `ms`, firing (at once, in turn) the timers due by then. */
  advance(ms: number): void {
    this.moveTo(this.ms + ms);
  }

  advanceSeconds(seconds: number): void {
    this.advance(seconds * 1000);
  }

  /**
   * Lets `ms` pass: each timer coming due fires at its time, in order, and the work it starts
   * runs on (its promises settle, its next timers are set) before the clock moves to the next;
   * timers set meanwhile within the `ms` fire too.
   */
  async elapse(ms: number): Promise<void> {
    const end = this.ms + ms;
    await workRunsOn();
    for (let next = this.nextDue(end); next !== undefined; next = this.nextDue(end)) {
      this.ms = Math.max(this.ms, next.due);
      this.fire(next);
      await workRunsOn();
    }
    this.ms = Math.max(this.ms, end);
  }

  /** How many timers are set and not yet fired or cancelled. */
  get timersPending(): number {
    return this.pending.length;
  }

  after(ms: number, fire: () => void): Timer {
    return this.schedule(ms, fire, null);
  }

  every(ms: number, fire: () => void): Timer {
    // As Node's setInterval: never more often than every millisecond.
    return this.schedule(Math.max(1, ms), fire, Math.max(1, ms));
  }

  private schedule(ms: number, fire: () => void, repeatMs: number | null): Timer {
    const timer: PendingTimer = { due: this.ms + Math.max(0, ms), order: this.timersSet++, fire, repeatMs };
    this.pending.push(timer);
    return { cancel: () => this.remove(timer) };
  }

  private moveTo(target: number): void {
    for (let next = this.nextDue(target); next !== undefined; next = this.nextDue(target)) {
      this.ms = Math.max(this.ms, next.due);
      this.fire(next);
    }
    this.ms = target;
  }

  private fire(timer: PendingTimer): void {
    if (timer.repeatMs === null) {
      this.remove(timer);
    } else {
      timer.due += timer.repeatMs;
      timer.order = this.timersSet++;
    }
    timer.fire();
  }

  private remove(timer: PendingTimer): void {
    this.pending = this.pending.filter((t) => t !== timer);
  }

  /** The first timer due at or before `until` (the earliest, then the first set). */
  private nextDue(until: number): PendingTimer | undefined {
    return this.pending.filter((t) => t.due <= until).sort((a, b) => a.due - b.due || a.order - b.order)[0];
  }
}
