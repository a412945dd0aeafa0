import { megabytes, minutes } from '../../media/MediaUnits';
import { definePlatform } from '../PlatformDescriptor';

export const bluesky = definePlatform({
  id: 'BLUESKY',
  displayName: 'Bluesky',
  connectsBy: 'app_password',
  brandColor: '#1185fe',
  capabilities: {
    // Bluesky counts user-perceived characters: a family emoji is one.
    textLimit: 300,
    textUnit: 'graphemes',
    requiresMedia: false,
    // Four images a post.
    maxMediaPerSegment: 4,
    followUpSegments: 'thread',
  },
  settings: {
    replyDisabled: { type: 'boolean', required: false, nullable: true },
  },
  // docs/platforms.md: ≤ 4 images (~1 MB blob each), or 1 video.
  media: {
    kinds: {
      // docs/platforms.md is silent on types; these are the ones Bluesky's apps show.
      image: { mimeTypes: ['image/jpeg', 'image/png', 'image/webp'], maxBytes: megabytes(1) },
      // docs/platforms.md is silent on video limits. The post's video embed (app.bsky.embed.video)
      // takes MP4 up to 100 MB, its lexicon says; Bluesky's app takes MOV and WebM too, through a
      // transcoding service of Bluesky's own that Dispatch does not use. 3 minutes: Bluesky's own.
      video: { mimeTypes: ['video/mp4'], maxBytes: megabytes(100), maxDurationSeconds: minutes(3) },
    },
    maxItemsPerPost: null,
    mixedKinds: false,
    videoAlone: true,
  },
});
