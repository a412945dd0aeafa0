import { expect } from 'chai';
import { compose } from '../../../config/container';
import { ConfigError, loadConfig } from '../../../config/env';
import { TOKENS as T } from '../../../config/tokens';

const failure = (env: Record<string, string>): string => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).to.be.instanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`expected ${JSON.stringify(env)} to be refused`);
};

describe('config.worker (the WORKER_* variables)', () => {
  it('reads every variable it is given', () => {
    const worker = loadConfig({
      WORKER: 'off',
      WORKER_POLL_MS: '250',
      WORKER_DRAIN_MS: '5000',
      WORKER_LEASE_MS: '60000',
      WORKER_BATCH_SIZE: '50',
      WORKER_MAX_ATTEMPTS: '3',
    }).worker;
    expect(worker).to.deep.equal({ enabled: false, pollMs: 250, drainMs: 5000, leaseMs: 60_000, batchSize: 50, maxAttempts: 3 });
  });

  it('refuses a bad value, naming its variable', () => {
    expect(failure({ WORKER: 'yes' })).to.match(/^WORKER: must be one of on, off/);
    expect(failure({ WORKER_POLL_MS: 'fast' })).to.match(/^WORKER_POLL_MS: must be a whole number/);
    expect(failure({ WORKER_BATCH_SIZE: '0' })).to.match(/^WORKER_BATCH_SIZE: must be between 1 and/);
    expect(failure({ WORKER_LEASE_MS: '10' })).to.match(/^WORKER_LEASE_MS: must be between 1000 and/);
  });

  it('leases for 30 s by default (renewed while a worker lives), and takes a drain longer than the lease (renewed through the drain)', () => {
    expect(loadConfig({}).worker).to.include({ leaseMs: 30_000, drainMs: 30_000 });
    expect(loadConfig({ WORKER_LEASE_MS: '2000', WORKER_DRAIN_MS: '3000' }).worker).to.include({ leaseMs: 2000, drainMs: 3000 });
  });

  it('claims rounds of 100 on SQLite (one writer, a commit per round) and of 20 on MySQL (a shared pool) unless WORKER_BATCH_SIZE says', () => {
    expect(loadConfig({}).worker.batchSize).to.equal(100);
    expect(loadConfig({ DATABASE_URL: 'sqlite:./data/x.sqlite' }).worker.batchSize).to.equal(100);
    expect(loadConfig({ DATABASE_URL: 'mysql://root@db:3306/dispatch' }).worker.batchSize).to.equal(20);
    expect(loadConfig({ DATABASE_URL: 'mariadb://root@db:3306/dispatch', WORKER_BATCH_SIZE: '60' }).worker.batchSize).to.equal(60);
    expect(loadConfig({ WORKER_BATCH_SIZE: '20' }).worker.batchSize).to.equal(20);
  });

  it("feeds the engine's settings: lease, batch and attempt bound", async () => {
    const config = loadConfig({ LOG_LEVEL: 'silent', WORKER_LEASE_MS: '90000', WORKER_BATCH_SIZE: '7', WORKER_MAX_ATTEMPTS: '2' });
    const composition = await compose(config, { persistence: 'memory' });
    expect(composition.get(T.PublishingSettings)).to.deep.include({
      leaseMs: 90_000,
      batchSize: 7,
      maxAttempts: 2,
      baseDelaySeconds: 30,
      maxDelaySeconds: 3600,
    });
    await composition.close();
  });
});
