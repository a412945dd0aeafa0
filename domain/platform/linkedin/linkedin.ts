import { megabytes, minutes } from '../../media/MediaUnits';
import { definePlatform } from '../PlatformDescriptor';

export const linkedin = definePlatform({
  id: 'LINKEDIN',
  displayName: 'LinkedIn',
  connectsBy: 'oauth2',
  brandColor: '#0a66c2',
  capabilities: {
    textLimit: 3000,
    textUnit: 'code_points',
    requiresMedia: false,
    maxMediaPerSegment: null,
    // Later segments become comments (socialActions comments).
    followUpSegments: 'comments',
  },
  settings: {
    // Upcast to the narrowest audience: a stored post never goes out wider than its author
    // chose (docs/decisions.md, "Platforms").
    visibility: { type: 'enum', values: ['PUBLIC', 'CONNECTIONS'], required: true, upcast: 'CONNECTIONS' },
  },
  // docs/platforms.md: multi-image, PDF, video (PDFs are not media the service stores).
  media: {
    kinds: {
      // docs/platforms.md is silent on image limits; LinkedIn takes JPEG, PNG and GIF.
      // The size is a conservative choice.
      image: { mimeTypes: ['image/jpeg', 'image/png', 'image/gif'], maxBytes: megabytes(8) },
      // docs/platforms.md is silent; LinkedIn's own: MP4, up to 500 MB, 3 s to 30 minutes.
      video: { mimeTypes: ['video/mp4'], maxBytes: megabytes(500), minDurationSeconds: 3, maxDurationSeconds: minutes(30) },
    },
    // docs/platforms.md is silent; LinkedIn's multi-image post holds up to 20.
    maxItemsPerPost: 20,
    mixedKinds: false,
    videoAlone: true,
  },
});
