import { type Redis } from 'ioredis';
import { type HealthCheck } from '../../../application/ports/HealthCheck';

export class RedisHealthCheck implements HealthCheck {
  readonly name = 'redis';

  constructor(private readonly client: Redis) {}

  async check(): Promise<void> {
    await this.client.ping();
  }
}
