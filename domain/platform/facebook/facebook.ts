import { gigabytes, megabytes, minutes } from '../../media/MediaUnits';
import { definePlatform } from '../PlatformDescriptor';

export const facebook = definePlatform({
  id: 'FACEBOOK',
  displayName: 'Facebook',
  connectsBy: 'oauth2',
  brandColor: '#1877f2',
  capabilities: {
    textLimit: 63206,
    textUnit: 'code_points',
    requiresMedia: false,
    maxMediaPerSegment: null,
    // Later segments become comments (/{object-id}/comments).
    followUpSegments: 'comments',
  },
  settings: {
    // Upcast to the narrowest audience: a stored post never goes out wider than its author
    // chose (docs/decisions.md, "Platforms").
    privacy: { type: 'enum', values: ['PUBLIC', 'FRIENDS', 'ONLY_ME'], required: true, upcast: 'ONLY_ME' },
  },
  // docs/platforms.md: photos (attached_media) or a video (/videos), never both.
  media: {
    kinds: {
      // docs/platforms.md is silent; the Graph API's photo limit is 4 MB, kept conservative.
      image: { mimeTypes: ['image/jpeg', 'image/png', 'image/gif'], maxBytes: megabytes(4) },
      // docs/platforms.md is silent; a conservative 1 GB (non-resumable upload) and Facebook's 240 minutes.
      video: { mimeTypes: ['video/mp4', 'video/quicktime'], maxBytes: gigabytes(1), maxDurationSeconds: minutes(240) },
    },
    // docs/platforms.md is silent; a conservative 10 photos a post.
    maxItemsPerPost: 10,
    mixedKinds: false,
    videoAlone: true,
  },
});
