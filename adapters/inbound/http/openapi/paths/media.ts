import { PAGE_HEADERS } from '../../chains/responseHeaders';
import { rateLimitHeaders, requestIdHeader } from '../headers';
import { authenticatedOperation } from '../operations';
import { parameterRef, schemaRef } from '../refs';
import { noCredential } from '../security';
import { type HeaderObject, type ParameterObject, type PathMap, type ResponseObject } from '../types';

const MEDIA = '/v1/workspaces/{workspaceId}/media';
const UPLOAD = `${MEDIA}/uploads/{uploadId}`;

const pathParameter = (name: string, description: string): ParameterObject => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string', minLength: 1 },
});

const MEDIA_PARAMETERS = [parameterRef('WorkspaceId'), pathParameter('id', 'The media item. One of another workspace answers 404.')];
const UPLOAD_PARAMETERS = [parameterRef('WorkspaceId'), pathParameter('uploadId', 'The resumable upload. An expired, completed or aborted one answers 404.')];

const binary = { schema: { type: 'string', contentMediaType: 'application/octet-stream' } };

const fileNameParameter: ParameterObject = {
  name: 'fileName',
  in: 'query',
  required: false,
  description: 'The file name to show, for a raw body (a multipart body carries its own): at most 200 characters (422 invalid_query otherwise). Never trusted.',
  schema: { type: 'string', maxLength: 200 },
};

/** The library's JSON operations and its upload surface (docs/decisions.md, "Media"). */
const libraryPaths: PathMap = {
  [MEDIA]: {
    get: authenticatedOperation({
      operationId: 'media.list',
      summary: 'The media library of a workspace',
      description: 'Needs posts:read. Every item, whatever its status; `total` counts them all.',
      tags: ['media'],
      scope: 'posts:read',
      parameters: [parameterRef('WorkspaceId'), parameterRef('Limit'), parameterRef('Offset')],
      success: { status: 200, description: 'One page of media items.', schema: schemaRef('MediaPage') },
      errors: [403, 404, 422],
    }),
  },
  [`${MEDIA}/{id}`]: {
    get: authenticatedOperation({
      operationId: 'media.get',
      summary: 'One media item',
      description: 'Needs posts:read. Poll it after an import or a completed resumable upload until it is ready or failed.',
      tags: ['media'],
      scope: 'posts:read',
      parameters: MEDIA_PARAMETERS,
      success: { status: 200, description: 'The item, with a fresh link to its file once ready.', schema: schemaRef('Media') },
      errors: [403, 404],
    }),
    delete: authenticatedOperation({
      operationId: 'media.delete',
      summary: 'Delete a media item and its file',
      description:
        'Needs media:write. Refused while a scheduled or publishing post carries the item (409 media_in_use): remove it from the post, or delete the post, first. ' +
        'Links already handed out stop working.',
      tags: ['media'],
      scope: 'media:write',
      parameters: MEDIA_PARAMETERS,
      success: { status: 204, description: 'The item and its file are gone.' },
      errors: [403, 404, 409],
    }),
  },
  [`${MEDIA}/upload`]: {
    post: authenticatedOperation({
      operationId: 'media.upload',
      summary: 'Upload a file in one request',
      description:
        'Needs media:write. The body is multipart/form-data with the file in the field `file`, or the file itself (any other Content-Type, with `fileName` in the query). ' +
        'It is streamed to disk and inspected before the answer: what it is comes from its bytes; images lose their EXIF location. ' +
        'Over the upload limit (UPLOAD_MAX_BYTES): 413. Bytes that are not an image or video the service accepts, or a truncated file: 422 unsupported_media with the reason in details; nothing is kept. ' +
        'Larger files: use a resumable upload.',
      tags: ['media'],
      scope: 'media:write',
      parameters: [parameterRef('WorkspaceId'), fileNameParameter],
      requestBody: {
        description: 'The file: a multipart form with the field `file`, or the raw bytes.',
        content: {
          'multipart/form-data': {
            schema: closedForm({ file: { type: 'string', contentMediaType: 'application/octet-stream', description: 'The file.' } }),
          },
          'application/octet-stream': binary,
          'image/*': binary,
          'video/*': binary,
        },
      },
      success: { status: 201, description: 'The item, ready.', schema: schemaRef('Media') },
      errors: [403, 404, 413, 422],
    }),
  },
  [`${MEDIA}/imports`]: {
    post: authenticatedOperation({
      operationId: 'media.import',
      summary: 'Import a file from a URL',
      description:
        'Needs media:write. Answered at once with the item processing; the service fetches the URL (through the guard that refuses private and local addresses unless ' +
        'OUTBOUND_ALLOW_PRIVATE_ADDRESSES is set, within the upload limit and MEDIA_IMPORT_TIMEOUT_MS) and the item ends ready, or failed with the reason. ' +
        'A URL that is not http or https, or carries credentials: 422 invalid_url.',
      tags: ['media'],
      scope: 'media:write',
      parameters: [parameterRef('WorkspaceId')],
      requestBody: { description: 'Where to fetch the file.', schema: schemaRef('ImportMediaRequest') },
      success: { status: 202, description: 'The item, processing: poll media.get.', schema: schemaRef('Media') },
      errors: [403, 404],
      idempotent: true,
    }),
  },
};

/** Resumable uploads: create, send parts, complete (docs/decisions.md, "Media"). */
const resumablePaths: PathMap = {
  [`${MEDIA}/uploads`]: {
    post: authenticatedOperation({
      operationId: 'media.createUpload',
      summary: 'Open a resumable upload',
      description:
        'Needs media:write. Declare the whole size; the answer gives the part size and count. Left incomplete, it expires (MEDIA_UPLOAD_TTL_SECONDS) and its parts are removed. ' +
        'A size below 1 or over the resumable limit: 422 invalid_size.',
      tags: ['media'],
      scope: 'media:write',
      parameters: [parameterRef('WorkspaceId')],
      requestBody: { description: 'The file to come.', schema: schemaRef('CreateUploadRequest') },
      success: { status: 201, description: 'The upload, with no part yet.', schema: schemaRef('Upload') },
      errors: [403, 404],
      idempotent: true,
    }),
  },
  [UPLOAD]: {
    get: authenticatedOperation({
      operationId: 'media.getUpload',
      summary: 'A resumable upload and the parts it holds',
      description: 'Needs media:write. What to send again after an interruption: the parts not in partsReceived.',
      tags: ['media'],
      scope: 'media:write',
      parameters: UPLOAD_PARAMETERS,
      success: { status: 200, description: 'The upload.', schema: schemaRef('Upload') },
      errors: [403, 404],
    }),
    delete: authenticatedOperation({
      operationId: 'media.abortUpload',
      summary: 'Abandon a resumable upload',
      description: 'Needs media:write. The upload and its parts are removed.',
      tags: ['media'],
      scope: 'media:write',
      parameters: UPLOAD_PARAMETERS,
      success: { status: 204, description: 'The upload is gone.' },
      errors: [403, 404],
    }),
  },
  [`${UPLOAD}/parts/{partNumber}`]: {
    put: authenticatedOperation({
      operationId: 'media.putPart',
      summary: 'Send one part of a resumable upload',
      description:
        'Needs media:write. Parts go in any order; a part sent again replaces itself, so a failed one is simply retried. ' +
        'A part number outside 1 to partCount: 422 invalid_part; a body that is not exactly its size (partSizeBytes, the last part the rest): 422 invalid_part_size.',
      tags: ['media'],
      scope: 'media:write',
      parameters: [...UPLOAD_PARAMETERS, { ...pathParameter('partNumber', 'From 1 to partCount.'), schema: { type: 'string', pattern: '^[0-9]+$' } }],
      requestBody: { description: "The part's bytes.", content: { 'application/octet-stream': binary } },
      success: { status: 200, description: 'The part is stored.', schema: schemaRef('UploadPart') },
      errors: [403, 404, 422],
    }),
  },
  [`${UPLOAD}/complete`]: {
    post: authenticatedOperation({
      operationId: 'media.completeUpload',
      summary: 'Complete a resumable upload',
      description:
        'Needs media:write. With every part received, answered at once with the item processing; the parts are joined and inspected, and the item ends ready or failed ' +
        '(poll media.get). The upload is gone from then on (404). A part missing: 409 upload_incomplete naming them. No body.',
      tags: ['media'],
      scope: 'media:write',
      parameters: UPLOAD_PARAMETERS,
      success: { status: 202, description: 'The new item, processing.', schema: schemaRef('Media') },
      errors: [403, 404, 409],
      idempotent: true,
    }),
  },
};

const pageHeader = (name: keyof typeof PAGE_HEADERS, description: string): HeaderObject => ({
  description,
  required: true,
  schema: { type: 'string', const: PAGE_HEADERS[name] },
});

const fileHeaders: Record<string, HeaderObject> = {
  'X-Request-Id': requestIdHeader,
  'Content-Security-Policy': pageHeader('Content-Security-Policy', "The service's pages' policy: nothing in the file runs or loads anything."),
  'X-Content-Type-Options': pageHeader('X-Content-Type-Options', 'Browsers must not guess another type than the one read from the bytes.'),
  'Accept-Ranges': { description: 'Byte ranges are served.', required: true, schema: { type: 'string', const: 'bytes' } },
  'Cache-Control': {
    description: 'A cache may keep it briefly for this client only.',
    required: true,
    schema: { type: 'string', const: 'private, max-age=300' },
  },
  ...rateLimitHeaders(false),
};

const fileResponse = (description: string, extra: Record<string, HeaderObject> = {}): ResponseObject => ({
  description,
  headers: { ...fileHeaders, ...extra },
  content: { '*/*': binary },
});

const pageError = (description: string): ResponseObject => ({
  description,
  headers: { 'X-Request-Id': requestIdHeader },
  content: { 'text/html': { schema: { type: 'string' } } },
});

const linkQuery: ParameterObject[] = [
  { name: 'expires', in: 'query', required: true, description: 'Unix time (seconds) the link stops working.', schema: { type: 'string', pattern: '^[0-9]+$' } },
  { name: 'signature', in: 'query', required: true, description: "The service's signature of the path and expires.", schema: { type: 'string' } },
  {
    name: 'Range',
    in: 'header',
    required: false,
    description: 'One byte range, bytes=a-b or bytes=a-; anything else is served whole.',
    schema: { type: 'string' },
  },
];

const signedFileResponses: Record<number, ResponseObject> = {
  200: fileResponse('The whole file, with the media type read from its bytes.'),
  206: fileResponse('The range asked for.', {
    'Content-Range': { description: 'bytes a-b/size', required: true, schema: { type: 'string', pattern: '^bytes [0-9]+-[0-9]+/[0-9]+$' } },
  }),
  404: pageError('No file: unknown, deleted, or the link is not genuine or has expired.'),
  416: {
    description: 'The range starts at or past the end of the file; Content-Range gives its size.',
    headers: {
      'X-Request-Id': requestIdHeader,
      'Content-Range': { description: 'bytes */size', required: true, schema: { type: 'string', pattern: '^bytes \\*/[0-9]+$' } },
    },
  },
  429: pageError('Too many requests from this client address; wait Retry-After seconds.'),
  500: pageError('An unexpected failure.'),
};

/** The signed, expiring links to stored files (MediaLinks): no credential, the signature is the permission. */
const signedFilePaths: PathMap = {
  '/media/files/{id}': {
    get: {
      operationId: 'media.file',
      summary: 'The file behind a signed link',
      description:
        "What a media item's `url` points to when files are on the service's own disk (an S3 store hands out its own presigned URLs instead). " +
        'No credential: the signature is the permission, until `expires`. A link tampered with, expired, or to a deleted item answers 404, as a missing file does. ' +
        'A Range header (bytes=a-b or bytes=a-) is answered 206 with that slice. Served on the pages surface: its errors are HTML.',
      tags: ['media'],
      security: noCredential,
      parameters: [pathParameter('id', 'The media item.'), ...linkQuery],
      responses: signedFileResponses,
    },
  },
  '/media/files/{id}/frames/{frame}': {
    get: {
      operationId: 'media.frame',
      summary: "A video's frame behind a signed link",
      description:
        'The JPEG frame of a video a post segment uses as its thumbnail (thumbnailTimestamp), as platforms that fetch media by URL load it. Signed links as for media.file.',
      tags: ['media'],
      security: noCredential,
      parameters: [
        pathParameter('id', 'The video.'),
        { ...pathParameter('frame', 'The frame: its time in milliseconds, then .jpg.'), schema: { type: 'string', pattern: '^[0-9]{1,9}\\.jpg$' } },
        ...linkQuery,
      ],
      responses: signedFileResponses,
    },
  },
};

function closedForm(properties: Record<string, unknown>) {
  return { type: 'object', additionalProperties: false, required: Object.keys(properties), properties };
}

export const mediaPaths: PathMap = { ...libraryPaths, ...resumablePaths, ...signedFilePaths };
