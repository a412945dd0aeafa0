import { megabytes, minutes } from '../../media/MediaUnits';
import { definePlatform } from '../PlatformDescriptor';

export const instagram = definePlatform({
  id: 'INSTAGRAM',
  displayName: 'Instagram',
  connectsBy: 'oauth2',
  brandColor: '#d62976',
  capabilities: {
    textLimit: 2200,
    textUnit: 'code_points',
    requiresMedia: true,
    maxMediaPerSegment: null,
    // Later segments become comments (/{media-id}/comments).
    followUpSegments: 'comments',
  },
  settings: {
    // Upcasts: Instagram's own defaults (a reel is shared to the feed, nothing else is on).
    shareToFeed: { type: 'boolean', required: true, upcast: true },
    shareToStory: { type: 'boolean', required: true, upcast: false },
    trialReels: { type: 'boolean', required: true, upcast: false },
    graduationStrategy: { type: 'enum', values: ['MANUAL', 'SS_PERFORMANCE'], required: true, upcast: 'MANUAL' },
  },
  media: {
    kinds: {
      // docs/platforms.md: JPEG images. Size and aspect ratio are Instagram's own (the doc
      // is silent): up to 8 MB, 4:5 to 1.91:1.
      image: { mimeTypes: ['image/jpeg'], maxBytes: megabytes(8), aspectRatio: { min: 0.8, max: 1.91 } },
      // docs/platforms.md is silent on reels; Instagram's own: MOV or MP4, up to 300 MB,
      // 3 s to 15 minutes. (A video inside a carousel is held to less by Instagram.)
      video: {
        mimeTypes: ['video/mp4', 'video/quicktime'],
        maxBytes: megabytes(300),
        minDurationSeconds: 3,
        maxDurationSeconds: minutes(15),
        aspectRatio: { min: 0.01, max: 10 },
      },
    },
    // docs/platforms.md is silent; a carousel holds up to 10 images and videos.
    maxItemsPerPost: 10,
    mixedKinds: true,
    videoAlone: false,
  },
  // docs/platforms.md: 50 posts / 24 h per account.
  postBudget: { posts: 50, windowHours: 24 },
});
