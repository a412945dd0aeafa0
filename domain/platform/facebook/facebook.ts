import { definePlatform } from '../PlatformDescriptor';

export const facebook = definePlatform({
  id: 'FACEBOOK',
  displayName: 'Facebook',
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
});
