import { definePlatform } from '../PlatformDescriptor';

export const instagram = definePlatform({
  id: 'INSTAGRAM',
  displayName: 'Instagram',
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
  // docs/platforms.md: 50 posts / 24 h per account.
  postBudget: { posts: 50, windowHours: 24 },
});
