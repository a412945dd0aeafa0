import { type Timer, type Timers } from '../../../application/ports/Timers';

/** Node's timers: they fire in real time, and a pending one keeps the process alive. */
export class SystemTimers implements Timers {
  after(ms: number, fire: () => void): Timer {
    const timer = setTimeout(fire, ms);
    return { cancel: () => clearTimeout(timer) };
  }

  every(ms: number, fire: () => void): Timer {
    const timer = setInterval(fire, ms);
    return { cancel: () => clearInterval(timer) };
  }
}
