/** A timer set on Timers: cancelled, it never fires (again). */
export interface Timer {
  cancel(): void;
}

/**
 * Time passing, from the same source as the Clock: what a loop waits for between rounds, what
 * a deadline or a timeout waits on. The system's fire in real time; a test's fire when the
 * test moves its clock on (test/support/fixedClock.ts), so no test sleeps.
 */
export interface Timers {
  /** Calls `fire` once, `ms` from now. */
  after(ms: number, fire: () => void): Timer;
  /** Calls `fire` every `ms` from now on, until cancelled. */
  every(ms: number, fire: () => void): Timer;
}
