import { definePlatform } from '../PlatformDescriptor';

export const threads = definePlatform({
  id: 'THREADS',
  displayName: 'Threads',
  capabilities: {
    textLimit: 500,
    textUnit: 'code_points',
    requiresMedia: false,
    // A carousel holds up to 20 items.
    maxMediaPerSegment: 20,
    followUpSegments: 'thread',
  },
  settings: {
    // Upcast: Threads' own default (who may reply does not change who sees the post).
    replyControl: { type: 'enum', values: ['everyone', 'following', 'mentioned'], required: true, upcast: 'everyone' },
  },
  // docs/platforms.md: 250 posts (and 1,000 replies, not counted here) / 24 h per account.
  postBudget: { posts: 250, windowHours: 24 },
});
