import { setTimeout as sleep } from 'node:timers/promises';
import { type MediaItem } from '../../../../domain/media/MediaItem';
import { ImportMediaBody } from '../../http/dto/MediaBodies';
import { presentMedia } from '../../http/presenters/presentMedia';
import { validateBody } from '../../http/validation';
import { type McpContext } from '../McpUseCases';
import { defineTool, READS } from './defineTool';
import { type McpTool, type ToolOutput } from './McpTool';

/** The longest a call may ask import_media to wait: a tool call is one HTTP request. */
const WAIT_SECONDS_MAX = 300;

async function mediaOutput(item: MediaItem, { useCases }: McpContext, waitedMs: number | null): Promise<ToolOutput> {
  const json = await presentMedia(item, useCases.media.links);
  const what = `media ${json.id} (${json.fileName ?? 'no name'})`;
  const summary =
    json.status === 'ready'
      ? `Ready: ${what}, ${json.kind} ${json.mimeType}, ${json.sizeBytes} bytes; use its id in a segment's media.`
      : json.status === 'failed'
        ? `Import failed: ${what}: ${json.failureReason}`
        : `Still ${json.status}: ${what}${waitedMs === null ? '' : ` after ${Math.round(waitedMs / 1000)} s`}; get_media tells when it is ready.`;
  return { json, summary };
}

const importMedia = defineTool({
  name: 'import_media',
  title: 'Import media from a URL',
  lead:
    "Imports an image or video from an http(s) URL into the workspace's media library and waits until it is ready (or failed), " +
    `looking at its status every few seconds for at most waitSeconds; a ready item's id goes into a segment's media.`,
  operationId: 'media.import',
  extra: {
    waitSeconds: {
      type: 'integer',
      minimum: 0,
      maximum: WAIT_SECONDS_MAX,
      description: "How long to wait for the item to be ready (default: the server's, 60 s); 0 answers at once, still processing.",
    },
  },
  takesBody: true,
  hints: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  async run(args, caller, context) {
    const { useCases, settings } = context;
    const { workspaceId, userId } = await caller.access(args.id('workspaceId', true));
    const waitMs = args.integer('waitSeconds', Math.round(settings.mediaWaitMs / 1000), 0, WAIT_SECONDS_MAX) * 1000;
    const body = validateBody(ImportMediaBody, args.bodyWithout(['workspaceId', 'waitSeconds']));
    const { item, settled } = await useCases.media.import.execute({ workspaceId, userId, url: body.url });
    const started = Date.now();
    let current = item;
    // Polled, as any client of the API would: the import may finish in another process. This one's `settled` only wakes the poll early.
    while (current.status === 'processing' && Date.now() - started < waitMs) {
      const left = waitMs - (Date.now() - started);
      await Promise.race([sleep(Math.min(settings.mediaPollMs, left)), settled]);
      current = await useCases.media.read.get(workspaceId, item.id);
    }
    return mediaOutput(current, context, Date.now() - started);
  },
});

const getMedia = defineTool({
  name: 'get_media',
  title: 'Get a media item',
  lead: 'A media item of the workspace: its status (processing, ready, failed), what inspection found, and a signed link to the file once ready.',
  operationId: 'media.get',
  rename: { id: 'mediaId' },
  hints: READS,
  async run(args, caller, context) {
    const access = await caller.access(args.id('workspaceId', true));
    return mediaOutput(await context.useCases.media.read.get(access.workspaceId, args.id('mediaId')), context, null);
  },
});

export const MEDIA_TOOLS: readonly McpTool[] = [importMedia, getMedia];
