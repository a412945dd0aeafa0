import { definePlatform } from '../PlatformDescriptor';

export const bluesky = definePlatform({
  id: 'BLUESKY',
  displayName: 'Bluesky',
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
});
