import { gigabytes, megabytes, minutes } from '../../media/MediaUnits';
import { definePlatform } from '../PlatformDescriptor';

export const threads = definePlatform({
  id: 'THREADS',
  displayName: 'Threads',
  connectsBy: 'oauth2',
  brandColor: '#101010',
  capabilities: {
    textLimit: 500,
    textUnit: 'emoji_as_utf8_bytes',
    requiresMedia: false,
    // A carousel holds up to 20 items.
    maxMediaPerSegment: 20,
    followUpSegments: 'thread',
  },
  settings: {
    // Upcast: Threads' own default (who may reply does not change who sees the post).
    replyControl: { type: 'enum', values: ['everyone', 'following', 'mentioned'], required: true, upcast: 'everyone' },
  },
  // docs/platforms.md: a carousel of 2–20 (images and videos may mix in one).
  media: {
    kinds: {
      // docs/platforms.md is silent; Threads' own: JPEG or PNG, up to 8 MB, 1:10 to 10:1.
      image: { mimeTypes: ['image/jpeg', 'image/png'], maxBytes: megabytes(8), aspectRatio: { min: 0.1, max: 10 } },
      // docs/platforms.md is silent; Threads' own: MOV or MP4, up to 1 GB and 5 minutes.
      video: {
        mimeTypes: ['video/mp4', 'video/quicktime'],
        maxBytes: gigabytes(1),
        maxDurationSeconds: minutes(5),
        aspectRatio: { min: 0.01, max: 10 },
      },
    },
    maxItemsPerPost: null,
    mixedKinds: true,
    videoAlone: false,
  },
  // docs/platforms.md: 250 posts (and 1,000 replies, not counted here) / 24 h per account.
  postBudget: { posts: 250, windowHours: 24 },
});
