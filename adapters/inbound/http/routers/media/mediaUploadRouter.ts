import { Router } from '@koa/router';
import { validationError } from '../../../../../domain/shared/DomainError';
import { presentMedia } from '../../presenters/presentMedia';
import { type RouteKit } from '../../RouteKit';
import { accessOf, type AppState, uploadOf } from '../../state';
import { type MediaUseCases } from './MediaUseCases';
import { fileOfMultipart } from './multipartFile';

const MEDIA = '/v1/workspaces/:workspaceId/media';

/**
 * The media library's bytes, on the upload surface: streamed to scratch disk and inspected,
 * never held in memory whole (docs/decisions.md, "Media").
 */
export function mediaUploadRouter({ access }: RouteKit, media: MediaUseCases): Router<AppState> {
  const router = new Router<AppState>();

  // multipart/form-data with the file in the field `file`, or the file itself as the body.
  router.post(`${MEDIA}/upload`, access('media:write'), async (ctx) => {
    const { workspaceId, userId } = accessOf(ctx);
    const { stream } = uploadOf(ctx);
    // `is` answers null for a request without a body: that is a raw upload of nothing ("the file is empty").
    const multipart = typeof ctx.is('multipart/form-data') === 'string';
    const file = multipart ? await fileOfMultipart(stream, ctx.headers) : { body: stream, fileName: fileNameOf(ctx.query.fileName) };
    const item = await media.upload.execute({ workspaceId, userId, fileName: file.fileName, body: file.body });
    ctx.status = 201;
    ctx.body = await presentMedia(item, media.links);
  });

  router.put(`${MEDIA}/uploads/:uploadId/parts/:partNumber`, access('media:write'), async (ctx) => {
    const partNumber = Number(ctx.params.partNumber);
    const part = await media.resumable.putPart({
      workspaceId: accessOf(ctx).workspaceId,
      uploadId: ctx.params.uploadId!,
      partNumber: /^\d{1,6}$/.test(ctx.params.partNumber!) ? partNumber : Number.NaN,
      body: uploadOf(ctx).stream,
    });
    ctx.body = part;
  });
  return router;
}

function fileNameOf(raw: unknown): string | null {
  if (raw === undefined) return null;
  if (typeof raw !== 'string' || raw.length > 200) {
    throw validationError('invalid_query', [{ path: 'fileName', message: 'must be one text of at most 200 characters' }]);
  }
  return raw;
}
