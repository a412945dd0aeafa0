import { expect } from 'chai';
import { TOKENS as T } from '../../../config/tokens';
import { ENGINE_SETTINGS, type EngineHarness } from '../../support/publishingEngine';
import { processing } from '../../support/scriptedPublisher';

/** Media a platform is still processing: rescheduled with its checkpoint, never slept on, bounded. */
export function processingScenarios(harness: () => EngineHarness): void {
  it('waits for media the platform is processing: pending, called again after its delay with the checkpoint, then published once', async () => {
    const h = harness();
    h.publisher.will(processing('container-7', 30), processing('container-7', 30));
    const post = await h.post(['A reel']);
    await h.publishDue();
    let target = await h.target(post.id);
    expect([target.status, target.checkpoint, target.platformPostId]).to.deep.equal(['pending', 'container-7', null]);
    expect((await h.publishDue()).claimed, 'not before the delay the platform asked for').to.equal(0);
    h.clock.advanceSeconds(30);
    await h.publishDue();
    h.clock.advanceSeconds(30);
    await h.publishDue();
    target = await h.target(post.id);
    expect(target.status).to.equal('published');
    expect(target.checkpoint).to.equal(null);
    expect(h.publisher.calls.map((c) => c.checkpoint)).to.deep.equal([null, 'container-7', 'container-7']);
    const log = await h.composition.get(T.AttemptLog).listForTarget(h.workspaceId, target.id);
    expect(log.map((a) => a.outcome)).to.deep.equal(['processing', 'processing', 'published']);
  });

  it('fails a target whose media is still processing after the bound, saying so', async () => {
    const h = harness();
    const bound = ENGINE_SETTINGS.maxAttempts + ENGINE_SETTINGS.maxProcessingChecks;
    h.publisher.will(...Array.from({ length: bound }, () => processing('container-9', 1)));
    const post = await h.post(['A slow video']);
    for (let i = 0; i < bound; i++) {
      await h.publishDue();
      h.clock.advanceSeconds(1);
    }
    const target = await h.target(post.id);
    expect(target.status).to.equal('failed');
    expect(target.error).to.include(`still processing the media after ${bound} checks`);
    expect(h.publisher.calls).to.have.length(bound);
  });
}
