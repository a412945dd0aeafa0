import { definePlatform } from '../PlatformDescriptor';

export const pinterest = definePlatform({
  id: 'PINTEREST',
  displayName: 'Pinterest',
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
});
