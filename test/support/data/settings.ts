import { type Platform } from '../../../domain/platform/Platform';

/** Target settings as a request or the domain takes them: a platform and its values. */
export interface SettingsData {
  readonly platform: Platform;
  readonly values: Readonly<Record<string, unknown>>;
}

/** Valid settings for every platform: the required values only. */
export const SETTINGS: Readonly<Record<Platform, SettingsData>> = {
  BLUESKY: { platform: 'BLUESKY', values: {} },
  FACEBOOK: { platform: 'FACEBOOK', values: { privacy: 'PUBLIC' } },
  FARCASTER: { platform: 'FARCASTER', values: {} },
  INSTAGRAM: { platform: 'INSTAGRAM', values: { shareToFeed: true, shareToStory: false, trialReels: false, graduationStrategy: 'MANUAL' } },
  LINKEDIN: { platform: 'LINKEDIN', values: { visibility: 'PUBLIC' } },
  PINTEREST: { platform: 'PINTEREST', values: {} },
  THREADS: { platform: 'THREADS', values: { replyControl: 'everyone' } },
  TIKTOK: {
    platform: 'TIKTOK',
    values: { privacy: 'SELF_ONLY', allowComments: true, allowDuet: false, allowStitch: false, promotionContent: 'NONE' },
  },
  TWITTER: { platform: 'TWITTER', values: { replyRestriction: 'everyone' } },
  YOUTUBE: { platform: 'YOUTUBE', values: { privacy: 'UNLISTED', madeForKids: false } },
};

/** Valid settings with every optional value set too (nullable ones as non-null values). */
export const FULL_SETTINGS: Readonly<Record<Platform, SettingsData>> = {
  ...SETTINGS,
  BLUESKY: { platform: 'BLUESKY', values: { replyDisabled: true } },
  FARCASTER: { platform: 'FARCASTER', values: { channelId: 'dev' } },
  PINTEREST: { platform: 'PINTEREST', values: { boardId: 'board-1' } },
  YOUTUBE: { platform: 'YOUTUBE', values: { privacy: 'PUBLIC', madeForKids: true, ageRestriction: false } },
};

/** The values each platform requires; an absent one is refused. */
export const REQUIRED_VALUES: Readonly<Record<Platform, readonly string[]>> = {
  BLUESKY: [],
  FACEBOOK: ['privacy'],
  FARCASTER: [],
  INSTAGRAM: ['shareToFeed', 'shareToStory', 'trialReels', 'graduationStrategy'],
  LINKEDIN: ['visibility'],
  PINTEREST: [],
  THREADS: ['replyControl'],
  TIKTOK: ['privacy', 'allowComments', 'allowDuet', 'allowStitch', 'promotionContent'],
  TWITTER: ['replyRestriction'],
  YOUTUBE: ['privacy', 'madeForKids'],
};

/** Platforms whose posts need a media item (docs/posts.md). */
export const MEDIA_REQUIRED: readonly Platform[] = ['INSTAGRAM', 'TIKTOK', 'YOUTUBE', 'PINTEREST'];
