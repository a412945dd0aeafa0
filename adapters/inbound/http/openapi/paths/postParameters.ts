import { type ErrorStatus } from '../errorResponses';
import { parameterRef } from '../refs';
import { type ParameterObject, type Reference } from '../types';

/** docs/spec.md: every posts operation may answer these on failure (401 and 429 come with every authenticated one). */
export const POSTS_ERRORS: readonly ErrorStatus[] = [401, 402, 403, 404, 409, 422, 429];

export const postIdParameter: ParameterObject = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'The post. One of another workspace answers 404.',
  schema: { type: 'string', minLength: 1 },
};

export const targetIdParameter: ParameterObject = {
  name: 'targetId',
  in: 'path',
  required: true,
  description: 'A target of the post; any other id answers 404.',
  schema: { type: 'string', minLength: 1 },
};

/** Path parameters of …/posts/{id}. */
export const POST_PARAMETERS: readonly (ParameterObject | Reference)[] = [parameterRef('WorkspaceId'), postIdParameter];

/** Path parameters of …/posts/{id}/targets/{targetId}. */
export const TARGET_PARAMETERS: readonly (ParameterObject | Reference)[] = [...POST_PARAMETERS, targetIdParameter];
