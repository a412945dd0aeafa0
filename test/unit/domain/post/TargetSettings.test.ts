import { expect } from 'chai';
import { PLATFORMS } from '../../../../domain/platform/Platform';
import { readTargetSettings } from '../../../../domain/post/TargetSettings';
import { REQUIRED_VALUES } from '../../../support/data/settings';
import { SETTINGS } from './postFixtures';

const problemsOf = (raw: unknown) => {
  const reading = readTargetSettings(raw);
  expect(reading.ok, 'expected problems').to.equal(false);
  return reading.ok ? [] : reading.problems;
};
const pathsOf = (raw: unknown) => problemsOf(raw).map((p) => p.path);

describe('TargetSettings', () => {
  it('accepts the required values of every platform', () => {
    for (const platform of PLATFORMS) {
      const reading = readTargetSettings(SETTINGS[platform]);
      expect(reading.ok, platform).to.equal(true);
      if (reading.ok) expect(reading.settings).to.deep.equal(SETTINGS[platform]);
    }
  });

  it('accepts every optional value, as a value or as null', () => {
    const cases = [
      { platform: 'BLUESKY', values: { replyDisabled: true } },
      { platform: 'BLUESKY', values: { replyDisabled: null } },
      { platform: 'FARCASTER', values: { channelId: 'dev' } },
      { platform: 'FARCASTER', values: { channelId: null } },
      { platform: 'PINTEREST', values: { boardId: 'b1' } },
      { platform: 'PINTEREST', values: { boardId: null } },
      { platform: 'YOUTUBE', values: { privacy: 'PUBLIC', madeForKids: true, ageRestriction: false } },
      { platform: 'YOUTUBE', values: { privacy: 'PRIVATE', madeForKids: true, ageRestriction: null } },
    ];
    for (const raw of cases) expect(readTargetSettings(raw).ok, JSON.stringify(raw)).to.equal(true);
  });

  it('requires exactly the fields docs/spec.md marks required', () => {
    for (const [platform, fields] of Object.entries(REQUIRED_VALUES)) {
      const reading = readTargetSettings({ platform, values: {} });
      const paths = reading.ok ? [] : reading.problems.map((p) => p.path);
      expect(paths, platform).to.have.members(fields.map((f) => `settings.values.${f}`));
    }
  });

  it('refuses null for a required field', () => {
    expect(problemsOf({ platform: 'FACEBOOK', values: { privacy: null } })).to.deep.equal([{ path: 'settings.values.privacy', message: 'must not be null' }]);
  });

  it('refuses values outside an enum, naming the allowed ones', () => {
    const [problem] = problemsOf({ platform: 'FACEBOOK', values: { privacy: 'EVERYONE' } });
    expect(problem).to.deep.equal({ path: 'settings.values.privacy', message: 'must be one of PUBLIC, FRIENDS, ONLY_ME' });
    expect(pathsOf({ platform: 'THREADS', values: { replyControl: 'EVERYONE' } })).to.deep.equal(['settings.values.replyControl']);
    expect(pathsOf({ platform: 'LINKEDIN', values: { visibility: 'PRIVATE' } })).to.deep.equal(['settings.values.visibility']);
  });

  it('refuses wrong types', () => {
    expect(pathsOf({ platform: 'BLUESKY', values: { replyDisabled: 'yes' } })).to.deep.equal(['settings.values.replyDisabled']);
    expect(pathsOf({ platform: 'PINTEREST', values: { boardId: 7 } })).to.deep.equal(['settings.values.boardId']);
    expect(pathsOf({ platform: 'TWITTER', values: { replyRestriction: 1 } })).to.deep.equal(['settings.values.replyRestriction']);
    expect(pathsOf({ platform: 'YOUTUBE', values: { privacy: 'PUBLIC', madeForKids: 'no', ageRestriction: 0 } })).to.have.members([
      'settings.values.madeForKids',
      'settings.values.ageRestriction',
    ]);
  });

  it('refuses unknown keys in values, including another platform’s field', () => {
    expect(pathsOf({ platform: 'TWITTER', values: { replyRestriction: 'everyone', privacy: 'PUBLIC' } })).to.deep.equal(['settings.values.privacy']);
    const withProto: unknown = JSON.parse('{"platform":"BLUESKY","values":{"__proto__":{"replyDisabled":true}}}');
    expect(pathsOf(withProto)).to.deep.equal(['settings.values.__proto__']);
  });

  it('refuses unknown keys, a missing or unknown platform and non-object values', () => {
    expect(pathsOf({ platform: 'TWITTER', values: { replyRestriction: 'everyone' }, extra: 1 })).to.deep.equal(['settings.extra']);
    expect(pathsOf({ values: {} })).to.deep.equal(['settings.platform']);
    expect(pathsOf({ platform: 'MYSPACE', values: {} })).to.deep.equal(['settings.platform']);
    expect(pathsOf({ platform: 'TWITTER' })).to.deep.equal(['settings.values']);
    expect(pathsOf({ platform: 'TWITTER', values: [] })).to.deep.equal(['settings.values']);
    expect(pathsOf({ platform: 'TWITTER', values: null })).to.deep.equal(['settings.values']);
    expect(pathsOf('TWITTER')).to.deep.equal(['settings']);
    expect(pathsOf(null)).to.deep.equal(['settings']);
  });

  it('reports every problem at once', () => {
    expect(pathsOf({ platform: 'TIKTOK', values: { privacy: 'WORLD', allowComments: 1, mood: 'happy' }, x: 1 })).to.have.members([
      'settings.x',
      'settings.values.mood',
      'settings.values.privacy',
      'settings.values.allowComments',
      'settings.values.allowDuet',
      'settings.values.allowStitch',
      'settings.values.promotionContent',
    ]);
  });

  it('keeps a copy the caller cannot change afterwards', () => {
    const values = { privacy: 'PUBLIC' };
    const reading = readTargetSettings({ platform: 'FACEBOOK', values });
    if (!reading.ok) throw new Error('expected FACEBOOK settings to read');
    const { settings } = reading;
    values.privacy = 'ONLY_ME';
    expect(settings.values).to.deep.equal({ privacy: 'PUBLIC' });
    expect(() => {
      (settings.values as { privacy: string }).privacy = 'X';
    }).to.throw(TypeError);
  });
});
