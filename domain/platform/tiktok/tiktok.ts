import { gigabytes, megabytes, minutes } from '../../media/MediaUnits';
import { definePlatform } from '../PlatformDescriptor';

export const tiktok = definePlatform({
  id: 'TIKTOK',
  displayName: 'TikTok',
  connectsBy: 'oauth2',
  brandColor: '#fe2c55',
  capabilities: {
    textLimit: 2200,
    textUnit: 'utf16_units',
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
  // docs/platforms.md: video (chunks 5–64 MB); photos via /content/init/.
  media: {
    kinds: {
      // docs/platforms.md is silent; TikTok's photo posts take JPEG and WebP, up to 20 MB.
      image: { mimeTypes: ['image/jpeg', 'image/webp'], maxBytes: megabytes(20) },
      // docs/platforms.md is silent; TikTok's own: MP4, WebM or MOV, up to 4 GB and
      // 10 minutes (a creator's own cap, from creator_info, may be lower).
      video: { mimeTypes: ['video/mp4', 'video/webm', 'video/quicktime'], maxBytes: gigabytes(4), maxDurationSeconds: minutes(10) },
    },
    // docs/platforms.md is silent; a photo post holds up to 35 images.
    maxItemsPerPost: 35,
    mixedKinds: false,
    videoAlone: true,
  },
});
