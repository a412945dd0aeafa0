import { type SchemaMap } from '../types';
import { postRequestSchemas } from './postRequests';
import { postResponseSchemas } from './postResponses';
import { postSettingsSchemas } from './postSettings';

/**
 * Posts (docs/spec.md "Post", "Group", "Segment", "Media", "Target", "Target settings", the
 * create/update and target update bodies, "Bulk create result item") and their reviews.
 * Responses mirror presenters/presentPost.ts; requests mirror dto/PostBody.ts and the
 * domain's checks of target settings (both generated from domain/platform/<platform>/).
 */
export const postSchemas: SchemaMap = { ...postSettingsSchemas, ...postResponseSchemas, ...postRequestSchemas };
