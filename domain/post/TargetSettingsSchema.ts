import { type Platform } from '../platform/Platform';

/** The rule for one field of `settings.values` (SPEC.md, "Target settings"). */
export type FieldRule =
  | { readonly type: 'boolean'; readonly required: boolean; readonly nullable: boolean }
  | { readonly type: 'string'; readonly required: boolean; readonly nullable: boolean }
  | { readonly type: 'enum'; readonly values: readonly string[]; readonly required: boolean; readonly nullable: boolean };

// In SPEC.md's table every required field is non-nullable and every optional one nullable.
const required = { required: true, nullable: false } as const;
const optional = { required: false, nullable: true } as const;

const bool = (presence: typeof required | typeof optional): FieldRule => ({ type: 'boolean', ...presence });
const str = (presence: typeof required | typeof optional): FieldRule => ({ type: 'string', ...presence });
const oneOf = (values: readonly string[], presence: typeof required | typeof optional): FieldRule => ({
  type: 'enum',
  values,
  ...presence,
});

export const FACEBOOK_PRIVACY = ['PUBLIC', 'FRIENDS', 'ONLY_ME'] as const;
export const INSTAGRAM_GRADUATION = ['MANUAL', 'SS_PERFORMANCE'] as const;
export const LINKEDIN_VISIBILITY = ['PUBLIC', 'CONNECTIONS'] as const;
export const REPLY_AUDIENCE = ['everyone', 'following', 'mentioned'] as const;
export const TIKTOK_PRIVACY = [
  'PUBLIC_TO_EVERYONE',
  'MUTUAL_FOLLOW_FRIENDS',
  'FOLLOWER_OF_CREATOR',
  'SELF_ONLY',
] as const;
export const TIKTOK_PROMOTION = ['NONE', 'SELF', 'PAID', 'BOTH'] as const;
export const YOUTUBE_PRIVACY = ['PUBLIC', 'PRIVATE', 'UNLISTED'] as const;

export const SETTINGS_SCHEMA: Readonly<Record<Platform, Readonly<Record<string, FieldRule>>>> = {
  BLUESKY: { replyDisabled: bool(optional) },
  FACEBOOK: { privacy: oneOf(FACEBOOK_PRIVACY, required) },
  FARCASTER: { channelId: str(optional) },
  INSTAGRAM: {
    shareToFeed: bool(required),
    shareToStory: bool(required),
    trialReels: bool(required),
    graduationStrategy: oneOf(INSTAGRAM_GRADUATION, required),
  },
  LINKEDIN: { visibility: oneOf(LINKEDIN_VISIBILITY, required) },
  PINTEREST: { boardId: str(optional) },
  THREADS: { replyControl: oneOf(REPLY_AUDIENCE, required) },
  TIKTOK: {
    privacy: oneOf(TIKTOK_PRIVACY, required),
    allowComments: bool(required),
    allowDuet: bool(required),
    allowStitch: bool(required),
    promotionContent: oneOf(TIKTOK_PROMOTION, required),
  },
  TWITTER: { replyRestriction: oneOf(REPLY_AUDIENCE, required) },
  YOUTUBE: {
    privacy: oneOf(YOUTUBE_PRIVACY, required),
    madeForKids: bool(required),
    ageRestriction: bool(optional),
  },
};
