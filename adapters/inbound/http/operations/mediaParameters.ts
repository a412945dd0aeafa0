import { pathParameter } from '../openapi/paths/media';
import { parameterRef } from '../openapi/refs';
import { type ParameterObject } from '../openapi/types';

/** What the media library's operations share in the OpenAPI document. */
export const MEDIA = '/v1/workspaces/{workspaceId}/media';
export const UPLOAD = `${MEDIA}/uploads/{uploadId}`;

export const MEDIA_PARAMETERS = [parameterRef('WorkspaceId'), pathParameter('id', 'The media item. One of another workspace answers 404.')];
export const UPLOAD_PARAMETERS = [
  parameterRef('WorkspaceId'),
  pathParameter('uploadId', 'The resumable upload. An expired, completed or aborted one answers 404.'),
];

export const fileNameParameter: ParameterObject = {
  name: 'fileName',
  in: 'query',
  required: false,
  description: 'The file name to show, for a raw body (a multipart body carries its own): at most 200 characters (422 invalid_query otherwise). Never trusted.',
  schema: { type: 'string', maxLength: 200 },
};
