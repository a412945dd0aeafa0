import { expect } from 'chai';
import { PLATFORM_DESCRIPTORS } from '../../../../domain/platform/Platform';
import { readTargetSettings, upcastStoredSettings } from '../../../../domain/post/TargetSettings';

const upcast = (raw: unknown) => {
  const reading = upcastStoredSettings(raw);
  if (!reading.ok) throw new Error(`expected ${JSON.stringify(raw)} to read: ${reading.problem}`);
  return reading.settings;
};
const problemOf = (raw: unknown): string => {
  const reading = upcastStoredSettings(raw);
  expect(reading.ok, JSON.stringify(raw)).to.equal(false);
  return reading.ok ? '' : reading.problem;
};

/** Stored settings, written under older and looser rules, read with today's. */
describe('upcastStoredSettings', () => {
  const cases: [string, unknown, unknown][] = [
    ['keeps valid settings as they are', { platform: 'FACEBOOK', values: { privacy: 'FRIENDS' } }, { privacy: 'FRIENDS' }],
    ['fills a missing required field with its upcast', { platform: 'FACEBOOK', values: {} }, { privacy: 'ONLY_ME' }],
    ['drops unknown keys', { platform: 'TWITTER', values: { replyRestriction: 'following', audience: 'all' } }, { replyRestriction: 'following' }],
    ['upcasts a value the enum no longer allows', { platform: 'LINKEDIN', values: { visibility: 'LOGGED_IN' } }, { visibility: 'CONNECTIONS' }],
    [
      'upcasts null and wrong types of required fields',
      { platform: 'YOUTUBE', values: { privacy: null, madeForKids: 'no' } },
      { privacy: 'PRIVATE', madeForKids: false },
    ],
    [
      'keeps optional fields, null included',
      { platform: 'YOUTUBE', values: { privacy: 'PUBLIC', madeForKids: true, ageRestriction: null } },
      { privacy: 'PUBLIC', madeForKids: true, ageRestriction: null },
    ],
    ['drops an optional field it cannot keep', { platform: 'BLUESKY', values: { replyDisabled: 'yes' } }, {}],
    [
      'reads absent values as empty',
      { platform: 'TIKTOK' },
      { privacy: 'SELF_ONLY', allowComments: false, allowDuet: false, allowStitch: false, promotionContent: 'NONE' },
    ],
    ['reads null values as empty', { platform: 'FARCASTER', values: null }, {}],
    ['ignores keys beside platform and values', { platform: 'PINTEREST', values: { boardId: 'b1' }, legacy: true }, { boardId: 'b1' }],
  ];
  for (const [title, raw, values] of cases) {
    it(title, () => {
      const settings = upcast(raw);
      expect(settings).to.deep.equal({ platform: (raw as { platform: string }).platform, values });
      expect(readTargetSettings(settings).ok, "today's write rules accept the result").to.equal(true);
    });
  }

  it('gives every platform a variant its write rules accept, from nothing at all', () => {
    for (const { id } of PLATFORM_DESCRIPTORS) {
      expect(readTargetSettings(upcast({ platform: id, values: {} })).ok, id).to.equal(true);
    }
  });

  it('returns frozen settings', () => {
    const settings = upcast({ platform: 'FACEBOOK', values: { privacy: 'PUBLIC' } });
    expect(Object.isFrozen(settings) && Object.isFrozen(settings.values)).to.equal(true);
  });

  it('refuses what no rule ever allowed: an unknown platform, settings or values that are no objects', () => {
    expect(problemOf({ platform: 'MYSPACE', values: {} })).to.include('"MYSPACE"');
    expect(problemOf({ values: {} })).to.include('settings.platform');
    expect(problemOf('FACEBOOK')).to.include('not an object');
    expect(problemOf(null)).to.include('not an object');
    expect(problemOf({ platform: 'FACEBOOK', values: ['PUBLIC'] })).to.include('settings.values');
    expect(problemOf({ platform: 'FACEBOOK', values: 'PUBLIC' })).to.include('settings.values');
  });
});
