import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX, PAGE_LIMIT_MIN, PAGE_OFFSET_DEFAULT } from '../contract/requestLimits';
import { type ParameterObject } from './types';

/** Shared parameters, as `components.parameters`; refer with `parameterRef(name)`. */
export const parameterComponents: Record<string, ParameterObject> = {
  WorkspaceId: {
    name: 'workspaceId',
    in: 'path',
    required: true,
    description: 'The workspace. One the caller is not a member of answers 404; a credential bound to another workspace gets 403.',
    schema: { type: 'string', minLength: 1 },
  },
  Limit: {
    name: 'limit',
    in: 'query',
    required: false,
    description: `Page size: a whole number from ${PAGE_LIMIT_MIN} to ${PAGE_LIMIT_MAX}, default ${PAGE_LIMIT_DEFAULT}. Anything else is a 422.`,
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
  Offset: {
    name: 'offset',
    in: 'query',
    required: false,
    description: `Items to skip: a whole number ≥ 0, default ${PAGE_OFFSET_DEFAULT}. Anything else is a 422.`,
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
};
