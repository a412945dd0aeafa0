import { type PlatformConnectors } from '../connections/PlatformConnectors';
import { type ConnectionRepository } from '../../domain/connection/ConnectionRepository';
import { type Platform } from '../../domain/platform/Platform';
import { FIRST_READ_AFTER_SECONDS } from './ReadBack';

/**
 * Whether a target's account can be read back, for the lost calls the engine learns of itself
 * (a worker that stopped mid-call, an outcome never recorded): its platform's connector reads
 * posts, and the connection is a real one (a sandbox account is read back by no one).
 */
export class ReadBackSupport {
  constructor(
    private readonly connectors: PlatformConnectors,
    private readonly connections: ConnectionRepository,
  ) {}

  /** Seconds until the first read, or null where the account cannot be read back. */
  async firstReadAfterSeconds(connectionId: string, platform: Platform): Promise<number | null> {
    const reader = this.connectors.get(platform)?.reader;
    if (reader === undefined) return null;
    const connection = await this.connections.findById(connectionId);
    if (connection === null || connection.isSandbox) return null;
    return Math.min(FIRST_READ_AFTER_SECONDS, reader.visibleWithinSeconds);
  }
}
