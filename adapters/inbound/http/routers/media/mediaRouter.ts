import { Router } from '@koa/router';
import { CreateUploadBody, ImportMediaBody } from '../../dto/MediaBodies';
import { presentMedia, presentUpload } from '../../presenters/presentMedia';
import { parsePage } from '../../query';
import { type RouteKit } from '../../RouteKit';
import { accessOf, type AppState } from '../../state';
import { validateBody } from '../../validation';
import { type MediaUseCases } from './MediaUseCases';

const MEDIA = '/v1/workspaces/:workspaceId/media';
const UPLOAD = `${MEDIA}/uploads/:uploadId`;

/**
 * The media library's JSON operations (docs/decisions.md, "Media"); the bytes themselves
 * arrive on the upload surface (mediaUploadRouter).
 */
export function mediaRouter({ access, writes }: RouteKit, media: MediaUseCases): Router<AppState> {
  const router = new Router<AppState>();
  const present = (item: Parameters<typeof presentMedia>[0]) => presentMedia(item, media.links);

  router.get(MEDIA, access('posts:read'), async (ctx) => {
    const page = parsePage(ctx.query);
    const { items, total } = await media.read.list(accessOf(ctx).workspaceId, page);
    ctx.body = { data: await Promise.all(items.map(present)), total, ...page };
  });
  router.post(`${MEDIA}/imports`, access('media:write'), writes, async (ctx) => {
    const body = validateBody(ImportMediaBody, ctx.request.body);
    const { workspaceId, userId } = accessOf(ctx);
    const { item } = await media.import.execute({ workspaceId, userId, url: body.url });
    ctx.status = 202;
    ctx.body = await present(item);
  });
  router.post(`${MEDIA}/uploads`, access('media:write'), writes, async (ctx) => {
    const body = validateBody(CreateUploadBody, ctx.request.body);
    const { workspaceId, userId } = accessOf(ctx);
    const upload = await media.resumable.create({ workspaceId, userId, fileName: body.fileName ?? null, sizeBytes: body.sizeBytes });
    ctx.status = 201;
    ctx.body = presentUpload(upload, []);
  });
  router.get(UPLOAD, access('media:write'), async (ctx) => {
    const { upload, parts } = await media.resumable.status({ workspaceId: accessOf(ctx).workspaceId, uploadId: ctx.params.uploadId! });
    ctx.body = presentUpload(upload, parts);
  });
  router.post(`${UPLOAD}/complete`, access('media:write'), writes, async (ctx) => {
    const { workspaceId, userId } = accessOf(ctx);
    const { item } = await media.resumable.complete({ workspaceId, userId, uploadId: ctx.params.uploadId! });
    ctx.status = 202;
    ctx.body = await present(item);
  });
  router.delete(UPLOAD, access('media:write'), async (ctx) => {
    await media.resumable.abort({ workspaceId: accessOf(ctx).workspaceId, uploadId: ctx.params.uploadId! });
    ctx.status = 204;
  });
  router.get(`${MEDIA}/:id`, access('posts:read'), async (ctx) => {
    ctx.body = await present(await media.read.get(accessOf(ctx).workspaceId, ctx.params.id!));
  });
  router.delete(`${MEDIA}/:id`, access('media:write'), async (ctx) => {
    await media.delete.execute(accessOf(ctx).workspaceId, ctx.params.id!);
    ctx.status = 204;
  });
  return router;
}
