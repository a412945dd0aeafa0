import { expect } from 'chai';
import { compose, type Composition } from '../../../../config/container';
import { loadConfig } from '../../../../config/env';
import { TOKENS as T } from '../../../../config/tokens';
import { Connection } from '../../../../domain/connection/Connection';
import { DomainError } from '../../../../domain/shared/DomainError';

const BASE_ENV = { LOG_LEVEL: 'silent', SECRET_KEY: 'memory-secret-memory-secret-memory-0123' };
/** A payment provider configured (Stripe's keys; never called here): the install takes payment. */
const STRIPE_ENV = { STRIPE_SECRET_KEY: 'sk_test_setup', STRIPE_WEBHOOK_SECRET: 'whsec_setup' };

describe('setup status use cases on the in-memory adapters', () => {
  let c: Composition;
  let paying: Composition;
  const ws = 'ws_memory';

  before(async () => {
    c = await compose(loadConfig(BASE_ENV), { persistence: 'memory' });
    paying = await compose(loadConfig({ ...BASE_ENV, ...STRIPE_ENV }), { persistence: 'memory' });
  });
  after(async () => {
    await c?.close();
    await paying?.close();
  });

  it('with no payment provider configured (the self-hosted default) asks for no payment: connect_account, then complete', async () => {
    const status = () => c.get(T.GetSetupStatus).execute(ws);
    expect(await status()).to.include({ outstandingAction: 'connect_account', onboardingComplete: false });
    await c.get(T.ConnectionRepository).save(Connection.create({ id: 'c0', workspaceId: ws, platform: 'BLUESKY', handle: 'a.bsky.social', now: new Date() }));
    expect(await status()).to.deep.include({ subscription: { plan: 'free', status: 'none', paid: false }, outstandingAction: null, onboardingComplete: true });
  });

  it('with Stripe configured, goes connect_account → complete_payment → complete as a connection is added and the plan is paid', async () => {
    const c = paying;
    const status = () => c.get(T.GetSetupStatus).execute(ws);
    expect(await status()).to.include({ outstandingAction: 'connect_account', onboardingComplete: false });
    await c.get(T.ConnectionRepository).save(Connection.create({ id: 'c1', workspaceId: ws, platform: 'BLUESKY', handle: 'a.bsky.social', now: new Date() }));
    expect(await status()).to.include({ outstandingAction: 'complete_payment' });
    await c
      .get(T.WorkspaceSubscriptions)
      .save({ workspaceId: ws, customerId: null, subscriptionId: 's1', plan: 'pro', status: 'trialing', updatedAt: new Date() });
    const done = await status();
    expect(done).to.deep.include({ outstandingAction: null, onboardingComplete: true, subscription: { plan: 'pro', status: 'trialing', paid: true } });
    expect(done.connectedPlatforms).to.deep.equal(['BLUESKY']);
  });

  it('merges steps and refuses, keeping nothing, a merge past 50 steps', async () => {
    const update = c.get(T.UpdateSetupSteps);
    await update.execute(ws, Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`s${i}`, 'completed' as const])));
    await update.execute(ws, { s0: 'skipped' });
    const error = await update.execute(ws, { s50: 'completed' }).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(DomainError).and.include({ code: 'too_many_setup_steps' });
    const steps = (await c.get(T.GetSetupStatus).execute(ws)).optionalSteps;
    expect(Object.keys(steps)).to.have.length(50);
    expect(steps).to.include({ s0: 'skipped' }).and.not.have.property('s50');
  });
});
