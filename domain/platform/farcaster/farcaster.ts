import { definePlatform } from '../PlatformDescriptor';

export const farcaster = definePlatform({
  id: 'FARCASTER',
  displayName: 'Farcaster',
  capabilities: {
    // The current account limit; older accounts get 320, which only the platform knows.
    textLimit: 1024,
    textUnit: 'utf8_bytes',
    requiresMedia: false,
    // Two embeds a cast.
    maxMediaPerSegment: 2,
    followUpSegments: 'thread',
  },
  settings: {
    channelId: { type: 'string', required: false, nullable: true },
  },
});
