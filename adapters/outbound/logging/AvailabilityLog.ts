import { type Clock } from '../../../application/ports/Clock';
import { type Logger } from '../../../application/ports/Logger';

/**
 * Logs a dependency going down once, and coming back once: during an outage every request
 * fails the same way, and a line (or a stack) per request would bury everything else. It is
 * back once it has answered for `settleMs` without a failure: a partial outage (SQLite's
 * readers going on while a writer is locked out) would otherwise log every request twice.
 * The failures in between are counted and reported with the recovery. Time is the service's
 * Clock, looked up like the logger when first needed (after a test may have replaced it).
 */
export class AvailabilityLog {
  private down = false;
  private failuresWhileDown = 0;
  private downSince = 0;
  private lastFailure = 0;

  constructor(
    private readonly logger: () => Logger,
    private readonly clock: () => Clock,
    private readonly dependency: string,
    private readonly settleMs = 1000,
  ) {}

  unavailable(cause: unknown): void {
    this.lastFailure = this.clock().now().getTime();
    this.failuresWhileDown += 1;
    if (this.down) return;
    this.down = true;
    this.downSince = this.lastFailure;
    this.logger().warn(`${this.dependency} unavailable`, { cause: describe(cause) });
  }

  available(): void {
    if (!this.down || this.clock().now().getTime() - this.lastFailure < this.settleMs) return;
    this.down = false;
    this.logger().info(`${this.dependency} available again`, {
      downForMs: this.lastFailure - this.downSince,
      failedStatements: this.failuresWhileDown,
    });
    this.failuresWhileDown = 0;
  }
}

/** The driver's code and message: enough to tell a refused connection from a timeout, never a stack. */
function describe(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  const { code } = cause as { code?: unknown };
  const driver = (cause as { driverError?: unknown }).driverError;
  const inner = driver instanceof Error && driver !== cause ? ` (${describe(driver)})` : '';
  return `${typeof code === 'string' ? `${code}: ` : ''}${cause.message}${inner}`;
}
