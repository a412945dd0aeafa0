import { type Clock } from '../../../application/ports/Clock';

export class SystemClock implements Clock {
  now(): Date {
    return new Date();
  }
}

/** The system's time as a function: what an adapter taking `now: () => Date` reads when it was given no clock. */
export const systemNow = (): Date => new Date();
