import { gigabytes, hours } from '../../media/MediaUnits';
import { definePlatform } from '../PlatformDescriptor';

export const youtube = definePlatform({
  id: 'YOUTUBE',
  displayName: 'YouTube',
  connectsBy: 'oauth2',
  brandColor: '#ff0000',
  capabilities: {
    // The video description.
    textLimit: 5000,
    textUnit: 'code_points',
    requiresMedia: true,
    // One video.
    maxMediaPerSegment: 1,
    // Later segments become comments (commentThreads).
    followUpSegments: 'comments',
  },
  settings: {
    // Upcast to the narrowest audience: a stored post never goes out wider than its author
    // chose (docs/decisions.md, "Platforms").
    privacy: { type: 'enum', values: ['PUBLIC', 'PRIVATE', 'UNLISTED'], required: true, upcast: 'PRIVATE' },
    // Upcast false: the upcast video is private, so nobody sees it before its author checks.
    madeForKids: { type: 'boolean', required: true, upcast: false },
    ageRestriction: { type: 'boolean', required: false, nullable: true },
  },
  // docs/platforms.md: one video.
  media: {
    kinds: {
      // docs/platforms.md is silent; YouTube's own: up to 256 GB and 12 hours (an unverified
      // account is held to 15 minutes, which only YouTube knows).
      video: { mimeTypes: ['video/mp4', 'video/quicktime', 'video/webm'], maxBytes: gigabytes(256), maxDurationSeconds: hours(12) },
    },
    maxItemsPerPost: null,
    mixedKinds: false,
    videoAlone: true,
  },
});
