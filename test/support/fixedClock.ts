import { type Clock } from '../../application/ports/Clock';

export const DEFAULT_NOW = '2030-01-01T00:00:00.000Z';

/** A Clock that stands still until the test sets or advances it. */
export class FixedClock implements Clock {
  private ms: number;

  constructor(start: Date | string = DEFAULT_NOW) {
    this.ms = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.ms);
  }

  set(at: Date | string): void {
    this.ms = new Date(at).getTime();
  }

  advance(ms: number): void {
    this.ms += ms;
  }

  advanceSeconds(seconds: number): void {
    this.advance(seconds * 1000);
  }
}
