import { type ErrorStatus } from '../errorResponses';
import { entityTagHeader } from '../headers';
import { parameterRef } from '../refs';
import { type HeaderObject, type ParameterObject, type Reference } from '../types';

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

/** What a post's (or its targets') answers carry: its version as an ETag. */
export const ENTITY_TAGGED: Readonly<Record<string, HeaderObject>> = { ETag: entityTagHeader };

/** The statuses an operation taking If-Match adds: 412 when the post changed since it was read. */
export const CONDITIONAL_ERRORS: readonly ErrorStatus[] = [...POSTS_ERRORS, 412];

/** docs/product.md "Review rules": concurrent editors. */
export const ifMatchParameter: ParameterObject = {
  name: 'If-Match',
  in: 'header',
  required: false,
  description:
    'Makes the change conditional: `*` (any stored version) or entity tags as ETag gives them ("3"); when none names the stored version, 412 precondition_failed and nothing changes. ' +
    'A weak tag never matches; a value that is not a list of entity tags is a 422 invalid_if_match. Without it the last writer wins.',
  schema: { type: 'string', minLength: 1 },
};

/** Path parameters of …/posts/{id}. */
export const POST_PARAMETERS: readonly (ParameterObject | Reference)[] = [parameterRef('WorkspaceId'), postIdParameter];

/** Path parameters of …/posts/{id}/targets/{targetId}. */
export const TARGET_PARAMETERS: readonly (ParameterObject | Reference)[] = [...POST_PARAMETERS, targetIdParameter];
