import { Router } from '@koa/router';
import { RangeNotSatisfiable, type ServeMediaFile } from '../../../../../application/media/ServeMediaFile';
import { type ByteRange } from '../../../../../application/ports/MediaStore';
import { type AppContext, type AppState } from '../../state';

/**
 * Stored media behind signed, expiring links (MediaLinks): what platforms that fetch media by
 * URL and the sandbox pages load. No credential: the signature is the permission. Byte ranges
 * are served, so a video can be played from anywhere (docs/decisions.md, "Media").
 */
export function mediaFilesRouter(serve: ServeMediaFile): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/media/files' });
  const send = async (ctx: AppContext, mediaId: string, frame: string | null) => {
    const range = rangeOf(ctx.get('Range'));
    const request = {
      mediaId,
      frame,
      path: ctx.path,
      expires: Number(ctx.query.expires),
      signature: typeof ctx.query.signature === 'string' ? ctx.query.signature : '',
      range: range ?? undefined,
    };
    const file = await serve.execute(request).catch((error: unknown) => {
      if (!(error instanceof RangeNotSatisfiable)) throw error;
      return error;
    });
    ctx.set('Accept-Ranges', 'bytes');
    if (file instanceof RangeNotSatisfiable) {
      ctx.status = 416;
      ctx.set('Content-Range', `bytes */${file.sizeBytes}`);
      return;
    }
    ctx.set('Cache-Control', 'private, max-age=300');
    ctx.type = file.contentType;
    if (range !== null) {
      const end = Math.min(range.end ?? file.sizeBytes - 1, file.sizeBytes - 1);
      ctx.status = 206;
      ctx.set('Content-Range', `bytes ${range.start}-${end}/${file.sizeBytes}`);
      ctx.length = end - range.start + 1;
    } else {
      ctx.length = file.sizeBytes;
    }
    ctx.body = file.body;
  };
  router.get('/:id', (ctx) => send(ctx, ctx.params.id!, null));
  router.get('/:id/frames/:frame', (ctx) => send(ctx, ctx.params.id!, /^\d{1,9}\.jpg$/.test(ctx.params.frame!) ? ctx.params.frame! : 'none'));
  return router;
}

/** One `bytes=a-b` or `bytes=a-` range; anything else is served whole, as RFC 9110 allows. */
function rangeOf(header: string): ByteRange | null {
  const match = /^bytes=(\d{1,15})-(\d{0,15})$/.exec(header.trim());
  if (match === null) return null;
  const start = Number(match[1]);
  const end = match[2] === '' ? undefined : Number(match[2]);
  return end !== undefined && end < start ? null : { start, end };
}
