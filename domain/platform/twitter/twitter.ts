import { megabytes } from '../../media/MediaUnits';
import { definePlatform } from '../PlatformDescriptor';

export const twitter = definePlatform({
  id: 'TWITTER',
  displayName: 'Twitter',
  connectsBy: 'oauth2',
  brandColor: '#1d9bf0',
  aliases: ['X'],
  capabilities: {
    textLimit: 280,
    textUnit: 'code_points',
    requiresMedia: false,
    // Four images a tweet.
    maxMediaPerSegment: 4,
    followUpSegments: 'thread',
  },
  settings: {
    // Upcast: Twitter's own default (who may reply does not change who sees the post).
    replyRestriction: { type: 'enum', values: ['everyone', 'following', 'mentioned'], required: true, upcast: 'everyone' },
  },
  // docs/platforms.md: 4 images or 1 video.
  media: {
    kinds: {
      // docs/platforms.md is silent on types and sizes; Twitter's own: 5 MB an image
      // (an animated GIF may reach 15 MB; held to 5 MB here).
      image: { mimeTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'], maxBytes: megabytes(5) },
      // docs/platforms.md is silent; Twitter's own: 512 MB, 0.5 s to 140 s, 1:3 to 3:1.
      video: {
        mimeTypes: ['video/mp4', 'video/quicktime'],
        maxBytes: megabytes(512),
        minDurationSeconds: 0.5,
        maxDurationSeconds: 140,
        aspectRatio: { min: 1 / 3, max: 3 },
      },
    },
    maxItemsPerPost: null,
    mixedKinds: false,
    videoAlone: true,
  },
});
