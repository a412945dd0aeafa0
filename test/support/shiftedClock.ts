import { type Clock } from '../../application/ports/Clock';

/**
 * The real time, moved on when the test says: a lease or a secret's overlap runs out without
 * waiting for it, and a webhook receiver still accepts the signatures' timestamps (within its
 * five minutes of the real time).
 */
export class ShiftedClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
