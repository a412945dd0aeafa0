import { randomBytes } from 'node:crypto';
import os from 'node:os';

/**
 * The name a worker leases jobs under: unique per process, and readable in the queue and the
 * logs (which machine, which process), with a random part so a reused pid never inherits a
 * dead process's leases.
 */
export function workerOwnerId(hostname: string = os.hostname(), pid: number = process.pid): string {
  return `${hostname}:${pid}:${randomBytes(4).toString('hex')}`;
}
