import { gigabytes, megabytes, minutes } from '../../media/MediaUnits';
import { definePlatform } from '../PlatformDescriptor';

export const pinterest = definePlatform({
  id: 'PINTEREST',
  displayName: 'Pinterest',
  connectsBy: 'oauth2',
  brandColor: '#e60023',
  capabilities: {
    // The pin description.
    textLimit: 500,
    textUnit: 'code_points',
    requiresMedia: true,
    maxMediaPerSegment: null,
    // Pinterest offers no comment-posting API, so later segments are refused.
    followUpSegments: 'refused',
  },
  settings: {
    boardId: { type: 'string', required: false, nullable: true },
  },
  // docs/platforms.md: image or video required (image_url, multiple_image_urls, video_id).
  media: {
    kinds: {
      // docs/platforms.md is silent; Pinterest's own: up to 20 MB.
      image: { mimeTypes: ['image/jpeg', 'image/png', 'image/webp'], maxBytes: megabytes(20) },
      // docs/platforms.md is silent; Pinterest's own: MP4 or MOV, up to 2 GB, 4 s to 15 minutes.
      video: {
        mimeTypes: ['video/mp4', 'video/quicktime'],
        maxBytes: gigabytes(2),
        minDurationSeconds: 4,
        maxDurationSeconds: minutes(15),
      },
    },
    // docs/platforms.md is silent; a carousel pin holds up to 5 images.
    maxItemsPerPost: 5,
    mixedKinds: false,
    videoAlone: true,
  },
});
