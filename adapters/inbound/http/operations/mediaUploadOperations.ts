import { CreateUploadBody } from '../dto/MediaBodies';
import { binary, pathParameter } from '../openapi/paths/media';
import { parameterRef, schemaRef } from '../openapi/refs';
import { presentMedia, presentUpload } from '../presenters/presentMedia';
import { accessOf, uploadOf } from '../state';
import { validateBody } from '../validation';
import { type ApiOperations } from './ApiOperation';
import { MEDIA, UPLOAD, UPLOAD_PARAMETERS } from './mediaParameters';
import { type MediaUseCases } from './MediaUseCases';

/** Resumable uploads: created, sent in parts on the upload surface, completed or aborted (docs/decisions.md, "Media"). */
export const MEDIA_UPLOAD_OPERATIONS: ApiOperations<MediaUseCases> = [
  {
    method: 'post',
    path: `${MEDIA}/uploads`,
    operationId: 'media.createUpload',
    summary: 'Open a resumable upload',
    description:
      'Needs media:write. Declare the whole size; the answer gives the part size and count. Left incomplete, it expires (MEDIA_UPLOAD_TTL_SECONDS) and its parts are removed. ' +
      "A size that is not a whole number from 1 up is the body's 422 invalid_body; one over the resumable limit, 422 invalid_size.",
    tags: ['media'],
    scope: 'media:write',
    parameters: [parameterRef('WorkspaceId')],
    requestBody: { description: 'The file to come.', schema: schemaRef('CreateUploadRequest') },
    success: { status: 201, description: 'The upload, with no part yet.', schema: schemaRef('Upload') },
    errors: [403, 404],
    idempotent: true,
    async handle(ctx, media) {
      const body = validateBody(CreateUploadBody, ctx.request.body);
      const { workspaceId, userId } = accessOf(ctx);
      const upload = await media.resumable.create({ workspaceId, userId, fileName: body.fileName ?? null, sizeBytes: body.sizeBytes });
      ctx.status = 201;
      ctx.body = presentUpload(upload, []);
    },
  },
  {
    method: 'get',
    path: UPLOAD,
    operationId: 'media.getUpload',
    summary: 'A resumable upload and the parts it holds',
    description: 'Needs media:write. What to send again after an interruption: the parts not in partsReceived.',
    tags: ['media'],
    scope: 'media:write',
    parameters: UPLOAD_PARAMETERS,
    success: { status: 200, description: 'The upload.', schema: schemaRef('Upload') },
    errors: [403, 404],
    async handle(ctx, media) {
      const { upload, parts } = await media.resumable.status({ workspaceId: accessOf(ctx).workspaceId, uploadId: ctx.params.uploadId! });
      ctx.body = presentUpload(upload, parts);
    },
  },
  {
    method: 'delete',
    path: UPLOAD,
    operationId: 'media.abortUpload',
    summary: 'Abandon a resumable upload',
    description: 'Needs media:write. The upload and its parts are removed.',
    tags: ['media'],
    scope: 'media:write',
    parameters: UPLOAD_PARAMETERS,
    success: { status: 204, description: 'The upload is gone.' },
    errors: [403, 404],
    async handle(ctx, media) {
      await media.resumable.abort({ workspaceId: accessOf(ctx).workspaceId, uploadId: ctx.params.uploadId! });
      ctx.status = 204;
    },
  },
  {
    surface: 'uploads',
    method: 'put',
    path: `${UPLOAD}/parts/{partNumber}`,
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
    async handle(ctx, media) {
      const partNumber = Number(ctx.params.partNumber);
      const part = await media.resumable.putPart({
        workspaceId: accessOf(ctx).workspaceId,
        uploadId: ctx.params.uploadId!,
        partNumber: /^\d{1,6}$/.test(ctx.params.partNumber!) ? partNumber : Number.NaN,
        body: uploadOf(ctx).stream,
      });
      ctx.body = part;
    },
  },
  {
    method: 'post',
    path: `${UPLOAD}/complete`,
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
    async handle(ctx, media) {
      const { workspaceId, userId } = accessOf(ctx);
      const { item } = await media.resumable.complete({ workspaceId, userId, uploadId: ctx.params.uploadId! });
      ctx.status = 202;
      ctx.body = await presentMedia(item, media.links);
    },
  },
];
