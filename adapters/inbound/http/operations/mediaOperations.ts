import { validationError } from '../../../../domain/shared/DomainError';
import { ImportMediaBody } from '../dto/MediaBodies';
import { binary } from '../openapi/paths/media';
import { parameterRef, schemaRef } from '../openapi/refs';
import { presentMedia } from '../presenters/presentMedia';
import { parsePage } from '../query';
import { fileOfMultipart } from '../routers/media/multipartFile';
import { accessOf, uploadOf } from '../state';
import { validateBody } from '../validation';
import { type ApiOperations } from './ApiOperation';
import { fileNameParameter, MEDIA, MEDIA_PARAMETERS } from './mediaParameters';
import { type MediaUseCases } from './MediaUseCases';

/**
 * The media library (docs/decisions.md, "Media"): its JSON operations, and the upload of a
 * whole file on the upload surface, streamed to scratch disk and inspected, never held in
 * memory whole.
 */
export const MEDIA_OPERATIONS: ApiOperations<MediaUseCases> = [
  {
    method: 'get',
    path: MEDIA,
    operationId: 'media.list',
    summary: 'The media library of a workspace',
    description: 'Needs posts:read. Every item, whatever its status; `total` counts them all.',
    tags: ['media'],
    scope: 'posts:read',
    parameters: [parameterRef('WorkspaceId'), parameterRef('Limit'), parameterRef('Offset')],
    success: { status: 200, description: 'One page of media items.', schema: schemaRef('MediaPage') },
    errors: [403, 404, 422],
    async handle(ctx, media) {
      const page = parsePage(ctx.query);
      const { items, total } = await media.read.list(accessOf(ctx).workspaceId, page);
      ctx.body = { data: await Promise.all(items.map((item) => presentMedia(item, media.links))), total, ...page };
    },
  },
  {
    method: 'get',
    path: `${MEDIA}/{id}`,
    operationId: 'media.get',
    summary: 'One media item',
    description: 'Needs posts:read. Poll it after an import or a completed resumable upload until it is ready or failed.',
    tags: ['media'],
    scope: 'posts:read',
    parameters: MEDIA_PARAMETERS,
    success: { status: 200, description: 'The item, with a fresh link to its file once ready.', schema: schemaRef('Media') },
    errors: [403, 404],
    async handle(ctx, media) {
      ctx.body = await presentMedia(await media.read.get(accessOf(ctx).workspaceId, ctx.params.id!), media.links);
    },
  },
  {
    method: 'delete',
    path: `${MEDIA}/{id}`,
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
    async handle(ctx, media) {
      await media.delete.execute(accessOf(ctx).workspaceId, ctx.params.id!);
      ctx.status = 204;
    },
  },
  {
    surface: 'uploads',
    method: 'post',
    path: `${MEDIA}/upload`,
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
    // multipart/form-data with the file in the field `file`, or the file itself as the body.
    async handle(ctx, media) {
      const { workspaceId, userId } = accessOf(ctx);
      const { stream } = uploadOf(ctx);
      // `is` answers null for a request without a body: that is a raw upload of nothing ("the file is empty").
      const multipart = typeof ctx.is('multipart/form-data') === 'string';
      const file = multipart ? await fileOfMultipart(stream, ctx.headers) : { body: stream, fileName: fileNameOf(ctx.query.fileName) };
      const item = await media.upload.execute({ workspaceId, userId, fileName: file.fileName, body: file.body });
      ctx.status = 201;
      ctx.body = await presentMedia(item, media.links);
    },
  },
  {
    method: 'post',
    path: `${MEDIA}/imports`,
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
    async handle(ctx, media) {
      const body = validateBody(ImportMediaBody, ctx.request.body);
      const { workspaceId, userId } = accessOf(ctx);
      const { item } = await media.import.execute({ workspaceId, userId, url: body.url });
      ctx.status = 202;
      ctx.body = await presentMedia(item, media.links);
    },
  },
];

/** A multipart form of exactly these fields, all required. */
function closedForm(properties: Record<string, unknown>) {
  return { type: 'object', additionalProperties: false, required: Object.keys(properties), properties };
}

function fileNameOf(raw: unknown): string | null {
  if (raw === undefined) return null;
  if (typeof raw !== 'string' || raw.length > 200) {
    throw validationError('invalid_query', [{ path: 'fileName', message: 'must be one text of at most 200 characters' }]);
  }
  return raw;
}
