import { expect } from 'chai';
import { PlatformPublishers } from '../../../../application/publishing/PlatformPublishers';
import { retryDelayMs, spread } from '../../../../application/publishing/retryDelay';
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

describe('PlatformPublishers: the publisher of the target platform, or a readable refusal', () => {
  it('passes a segment to its platform, and rejects one no publisher serves', async () => {
    const twitter = new ScriptedPublisher(new FixedClock());
    const registry = new PlatformPublishers([['TWITTER', twitter]]);
    const segment = {
      connectionId: 'c',
      text: 'hi',
      media: [],
      segmentIndex: 0,
      segmentCount: 1,
      replyToPlatformPostId: null,
      checkpoint: null,
      idempotencyKey: 'k',
    };
    expect((await registry.publish({ ...segment, settings: settingsFor('TWITTER') })).kind).to.equal('published');
    expect(await registry.publish({ ...segment, settings: settingsFor('BLUESKY') })).to.deep.equal({
      kind: 'rejected',
      reason: 'this service cannot publish to BLUESKY: it is not configured here (README, "Connecting accounts")',
    });
    expect(twitter.calls).to.have.length(1);
  });
});
