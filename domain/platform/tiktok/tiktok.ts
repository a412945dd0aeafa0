import { definePlatform } from '../PlatformDescriptor';

export const tiktok = definePlatform({
  id: 'TIKTOK',
  displayName: 'TikTok',
  capabilities: {
    textLimit: 2200,
    textUnit: 'code_points',
    requiresMedia: true,
    maxMediaPerSegment: null,
    // TikTok offers no comment-posting API, so later segments are refused.
    followUpSegments: 'refused',
  },
  settings: {
    // Upcasts: the narrowest audience, and every interaction off, as TikTok asks of apps
    // that post for a creator (the creator turns them on deliberately).
    privacy: {
      type: 'enum',
      values: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY'],
      required: true,
      upcast: 'SELF_ONLY',
    },
    allowComments: { type: 'boolean', required: true, upcast: false },
    allowDuet: { type: 'boolean', required: true, upcast: false },
    allowStitch: { type: 'boolean', required: true, upcast: false },
    promotionContent: { type: 'enum', values: ['NONE', 'SELF', 'PAID', 'BOTH'], required: true, upcast: 'NONE' },
  },
});
