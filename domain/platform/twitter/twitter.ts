import { definePlatform } from '../PlatformDescriptor';

export const twitter = definePlatform({
  id: 'TWITTER',
  displayName: 'Twitter',
  capabilities: {
    textLimit: 280,
    textUnit: 'code_points',
    requiresMedia: false,
    // Four images a tweet.
    maxMediaPerSegment: 4,
    followUpSegments: 'thread',
  },
  settings: {
    // Upcast: Twitter's own default (who may reply does not change who sees the post).
    replyRestriction: { type: 'enum', values: ['everyone', 'following', 'mentioned'], required: true, upcast: 'everyone' },
  },
});
