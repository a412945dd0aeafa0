import { expect } from 'chai';
import { Target } from '../../../../domain/post/Target';
import { DomainError } from '../../../../domain/shared/DomainError';
import { type Platform } from '../../../../domain/platform/Platform';
import { readTargetSettings } from '../../../../domain/post/TargetSettings';
import { SETTINGS } from '../../../support/data/settings';

/** Valid settings of a platform, as the domain reads them. */
function settingsFor(platform: Platform) {
  const reading = readTargetSettings(SETTINGS[platform]);
  if (!reading.ok) throw new Error(`invalid test settings for ${platform}`);
  return reading.settings;
}

const AT = new Date('2030-01-01T12:00:00.000Z');
const segment = (id: string) => ({ platformPostId: id, platformPostUrl: `https://platform.test/${id}`, postedAt: AT });
const fresh = () => Target.create({ id: 't1', connectionId: 'c1', groupId: 'g', settings: settingsFor('TWITTER'), scheduledAt: AT });
const code = (act: () => unknown): string => {
  try {
    act();
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  throw new Error('expected a DomainError');
};

/** A target's progress through its thread (docs/decisions.md, "The publishing engine"). */
describe('Target: publishing a thread segment by segment', () => {
  it('is pending between segments and published, under the first segment, only after the last', () => {
    const afterFirst = fresh().startPublishing().markSegmentPublished(segment('p1'), 2);
    expect([afterFirst.status, afterFirst.nextSegmentIndex, afterFirst.platformPostId, afterFirst.segmentAttempts]).to.deep.equal(['pending', 1, null, 0]);
    const done = afterFirst.startPublishing().markSegmentPublished(segment('p2'), 2);
    expect([done.status, done.platformPostId, done.platformPostUrl, done.attempts]).to.deep.equal(['published', 'p1', 'https://platform.test/p1', 2]);
    expect(done.publishedSegments.map((s) => s.platformPostId)).to.deep.equal(['p1', 'p2']);
  });

  it('counts the calls for the next segment, and a user retry starts them again where it failed', () => {
    const twice = fresh().startPublishing().awaitRetry().startPublishing();
    expect([twice.attempts, twice.segmentAttempts]).to.deep.equal([2, 2]);
    const failed = twice.markSegmentPublished(segment('p1'), 3).startPublishing().markFailed('segment 2 of 3: no');
    const retried = failed.retry();
    expect([retried.status, retried.error, retried.segmentAttempts, retried.nextSegmentIndex, retried.attempts]).to.deep.equal(['pending', null, 0, 1, 3]);
  });

  it('refuses changes once part of the thread is out, and a segment reported for a target not being published', () => {
    const partly = fresh().startPublishing().markSegmentPublished(segment('p1'), 2);
    expect(code(() => partly.withChanges({ scheduledAt: null }))).to.equal('target_partly_published');
    expect(code(() => partly.markSegmentPublished(segment('p2'), 2))).to.equal('target_not_publishing');
    expect(code(() => partly.awaitRetry())).to.equal('target_not_publishing');
  });

  it('keeps its progress through a snapshot', () => {
    const partly = fresh().startPublishing().markSegmentPublished(segment('p1'), 2);
    const back = Target.rehydrate(partly.toSnapshot());
    expect(back.toSnapshot()).to.deep.equal(partly.toSnapshot());
    expect(back.publishedSegments[0]?.postedAt).to.not.equal(partly.publishedSegments[0]?.postedAt);
  });
});
