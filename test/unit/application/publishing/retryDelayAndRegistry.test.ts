import { expect } from 'chai';
import { type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';
import { SandboxRouting } from '../../../../application/publishing/SandboxRouting';
import { MemoryConnectionRepository } from '../../../../adapters/outbound/persistence/memory/MemoryConnectionRepository';
import { Connection } from '../../../../domain/connection/Connection';
import { retryDelayMs, spread } from '../../../../application/publishing/retryDelay';
import { readBackCheckpoint } from '../../../../application/publishing/readBackCheckpoint';
import { type Platform } from '../../../../domain/platform/Platform';
import { readTargetSettings } from '../../../../domain/post/TargetSettings';
import { SETTINGS } from '../../../support/data/settings';
import { FixedClock } from '../../../support/fixedClock';
import { ScriptedPublisher } from '../../../support/scriptedPublisher';

/** Valid settings of a platform, as the domain reads them. */
function settingsFor(platform: Platform) {
  const reading = readTargetSettings(SETTINGS[platform]);
  if (!reading.ok) throw new Error(`invalid test settings for ${platform}`);
  return reading.settings;
}

const SETTINGS_30S = { baseDelaySeconds: 30, maxDelaySeconds: 3600 };

describe('retry delays: exponential, jittered, Retry-After as a floor', () => {
  it('doubles per attempt, half of it spread, up to the ceiling', () => {
    for (const [attempt, full] of [
      [1, 30_000],
      [2, 60_000],
      [3, 120_000],
      [10, 3_600_000],
    ] as const) {
      expect(retryDelayMs(SETTINGS_30S, 't1', attempt, 0)).to.be.within(full / 2, full);
    }
  });

  it('is the same for the same target and attempt, and differs across targets', () => {
    expect(retryDelayMs(SETTINGS_30S, 't1', 2, 0)).to.equal(retryDelayMs(SETTINGS_30S, 't1', 2, 0));
    const delays = new Set(['a', 'b', 'c', 'd', 'e'].map((t) => retryDelayMs(SETTINGS_30S, t, 2, 0)));
    expect(delays.size).to.be.greaterThan(1);
    expect(spread('x')).to.be.within(0, 1);
  });

  it("never retries sooner than the platform's Retry-After", () => {
    expect(retryDelayMs(SETTINGS_30S, 't1', 1, 600)).to.equal(600_000);
    expect(retryDelayMs(SETTINGS_30S, 't1', 1, 0.5)).to.be.at.least(15_000);
  });
});

describe('SandboxRouting: the sandbox publishes for sandbox connections, the real publisher for the rest', () => {
  const segment = {
    text: 'hi',
    media: [],
    segmentIndex: 0,
    segmentCount: 1,
    replyToPlatformPostId: null,
    checkpoint: null,
    idempotencyKey: 'k',
    settings: settingsFor('TWITTER'),
  };

  it("passes a real connection's segment to the real publisher with the connection it read, a sandbox one's to the sandbox", async () => {
    const clock = new FixedClock();
    const connections = new MemoryConnectionRepository();
    await connections.save(Connection.create({ id: 'real', workspaceId: 'w1', platform: 'TWITTER', handle: 'ada', now: clock.now() }));
    await connections.save(Connection.create({ id: 'play', workspaceId: 'w1', platform: 'TWITTER', handle: 'sandbox', sandbox: true, now: clock.now() }));
    const handed: Array<Connection | null | undefined> = [];
    const real = new ScriptedPublisher(clock);
    const sandbox = new ScriptedPublisher(clock);
    const recording = {
      publish: (s: SegmentToPublish, connection?: Connection | null) => {
        handed.push(connection);
        return real.publish(s);
      },
    };
    const routing = new SandboxRouting(recording, { connections, publisher: sandbox });

    expect((await routing.publish({ ...segment, connectionId: 'real' })).kind).to.equal('published');
    expect((await routing.publish({ ...segment, connectionId: 'play' })).kind).to.equal('published');
    expect((await routing.publish({ ...segment, connectionId: 'gone' })).kind).to.equal('published');
    expect(real.calls.map((c) => c.connectionId)).to.deep.equal(['real', 'gone']);
    expect(sandbox.calls.map((c) => c.connectionId)).to.deep.equal(['play']);
    expect(handed.map((c) => c?.id ?? c)).to.deep.equal(['real', null]);
  });

  it('does not publish a sandbox segment again when its checkpoint says it awaits a read-back', async () => {
    const clock = new FixedClock();
    const connections = new MemoryConnectionRepository();
    await connections.save(Connection.create({ id: 'play', workspaceId: 'w1', platform: 'TWITTER', handle: 'sandbox', sandbox: true, now: clock.now() }));
    const sandbox = new ScriptedPublisher(clock);
    const routing = new SandboxRouting(new ScriptedPublisher(clock), { connections, publisher: sandbox });
    const checkpoint = readBackCheckpoint({ sentFrom: clock.now(), sentUntil: clock.now(), reason: 'the answer was lost' });
    expect((await routing.publish({ ...segment, connectionId: 'play', checkpoint })).kind).to.equal('outcomeUnknown');
    expect(sandbox.calls).to.have.length(0);
  });
});
