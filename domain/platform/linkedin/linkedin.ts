import { definePlatform } from '../PlatformDescriptor';

export const linkedin = definePlatform({
  id: 'LINKEDIN',
  displayName: 'LinkedIn',
  capabilities: {
    textLimit: 3000,
    textUnit: 'code_points',
    requiresMedia: false,
    maxMediaPerSegment: null,
    // Later segments become comments (socialActions comments).
    followUpSegments: 'comments',
  },
  settings: {
    // Upcast to the narrowest audience: a stored post never goes out wider than its author
    // chose (docs/decisions.md, "Platforms").
    visibility: { type: 'enum', values: ['PUBLIC', 'CONNECTIONS'], required: true, upcast: 'CONNECTIONS' },
  },
});
