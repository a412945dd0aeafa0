import { expect } from 'chai';
import { type Platform, type SettingsValuesOf } from '../../../../domain/platform/Platform';
import { type TargetSettings, readTargetSettings } from '../../../../domain/post/TargetSettings';

/**
 * The values types are derived from the descriptors' settings schemas, not written by hand.
 * This file is checked by the type check `npm test` runs first: each platform's fixture must
 * compile, and each `@ts-expect-error` below must stay an error, or the type check fails.
 */
const TYPED: { readonly [P in Platform]: SettingsValuesOf<P> } = {
  BLUESKY: { replyDisabled: null },
  FACEBOOK: { privacy: 'FRIENDS' },
  FARCASTER: { channelId: 'dev' },
  INSTAGRAM: { shareToFeed: true, shareToStory: true, trialReels: false, graduationStrategy: 'SS_PERFORMANCE' },
  LINKEDIN: { visibility: 'CONNECTIONS' },
  PINTEREST: {},
  THREADS: { replyControl: 'mentioned' },
  TIKTOK: { privacy: 'MUTUAL_FOLLOW_FRIENDS', allowComments: false, allowDuet: true, allowStitch: false, promotionContent: 'BOTH' },
  TWITTER: { replyRestriction: 'following' },
  YOUTUBE: { privacy: 'UNLISTED', madeForKids: false, ageRestriction: true },
};

// @ts-expect-error: not one of Facebook's privacy values
export const wrongEnum: SettingsValuesOf<'FACEBOOK'> = { privacy: 'EVERYONE' };
// @ts-expect-error: madeForKids is required
export const missingRequired: SettingsValuesOf<'YOUTUBE'> = { privacy: 'PUBLIC' };
// @ts-expect-error: another platform's field
export const foreignField: SettingsValuesOf<'TWITTER'> = { replyRestriction: 'everyone', privacy: 'PUBLIC' };
// @ts-expect-error: a required field is never null
export const nullRequired: SettingsValuesOf<'LINKEDIN'> = { visibility: null };
// @ts-expect-error: a boolean field holds a boolean
export const wrongType: SettingsValuesOf<'BLUESKY'> = { replyDisabled: 'no' };
// @ts-expect-error: the values of another platform's variant
export const mismatched: TargetSettings = { platform: 'THREADS', values: { replyRestriction: 'everyone' } };

/** `platform` narrows `values` to that platform's type. */
function madeForKids(settings: TargetSettings): boolean | undefined {
  return settings.platform === 'YOUTUBE' ? settings.values.madeForKids : undefined;
}

describe('the settings values types', () => {
  it('accept, at run time too, what they accept at compile time', () => {
    for (const [platform, values] of Object.entries(TYPED)) {
      expect(readTargetSettings({ platform, values }).ok, platform).to.equal(true);
    }
  });

  it('narrow by platform', () => {
    expect(madeForKids({ platform: 'YOUTUBE', values: TYPED.YOUTUBE })).to.equal(false);
    expect(madeForKids({ platform: 'TWITTER', values: TYPED.TWITTER })).to.equal(undefined);
  });
});
