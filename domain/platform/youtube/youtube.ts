import { definePlatform } from '../PlatformDescriptor';

export const youtube = definePlatform({
  id: 'YOUTUBE',
  displayName: 'YouTube',
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
});
