import { megabytes } from '../../media/MediaUnits';
import { definePlatform } from '../PlatformDescriptor';

export const farcaster = definePlatform({
  id: 'FARCASTER',
  displayName: 'Farcaster',
  connectsBy: 'signer',
  brandColor: '#855dcd',
  capabilities: {
    // The current account limit; older accounts get 320, which only the platform knows.
    textLimit: 1024,
    textUnit: 'utf8_bytes',
    requiresMedia: false,
    // Two embeds a cast.
    maxMediaPerSegment: 2,
    followUpSegments: 'thread',
  },
  settings: {
    channelId: { type: 'string', required: false, nullable: true },
  },
  // docs/platforms.md: 2 embeds (URLs); either may be an image or a video.
  media: {
    kinds: {
      // docs/platforms.md is silent on embedded files; conservative sizes that clients render.
      image: { mimeTypes: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'], maxBytes: megabytes(10) },
      video: { mimeTypes: ['video/mp4'], maxBytes: megabytes(100) },
    },
    maxItemsPerPost: null,
    mixedKinds: true,
    videoAlone: false,
  },
});
