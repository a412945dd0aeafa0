import { type MediaAccess } from '../../../../application/ports/platforms/PlatformConnector';
import { type MediaToPublish, type PublishOutcome, type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';
import { failedCall, RETRY_SECONDS } from '../kit/outcomes';
import { graphGet, graphJson, graphPost, THREADS_ERRORS, type ThreadsSettings } from './threadsApi';

/** A container's state: IN_PROGRESS, FINISHED, ERROR, EXPIRED (unpublished after 24 h) or PUBLISHED. */
export type ContainerStatus =
  | { readonly ok: true; readonly status: string; readonly errorMessage: string | null }
  | { readonly ok: false; readonly outcome: PublishOutcome };

export type Created = { readonly ok: true; readonly id: string } | { readonly ok: false; readonly outcome: PublishOutcome };

const REPLY_CONTROL = { everyone: 'everyone', following: 'accounts_you_follow', mentioned: 'mentioned_only' } as const;

const unclear = (reason: string): { ok: false; outcome: PublishOutcome } => ({
  ok: false,
  outcome: { kind: 'retryLater', afterSeconds: RETRY_SECONDS, reason },
});

/** The parameters the post itself carries: its text, what it replies to, who may reply. */
export function postParams(segment: SegmentToPublish): Record<string, string> {
  const params: Record<string, string> = {};
  if (segment.text.length > 0) params.text = segment.text;
  if (segment.segmentIndex > 0 && segment.replyToPlatformPostId !== null) params.reply_to_id = segment.replyToPlatformPostId;
  // Settings of another platform leave Threads' own default (everyone).
  if (segment.settings.platform === 'THREADS') params.reply_control = REPLY_CONTROL[segment.settings.values.replyControl];
  return params;
}

/** `POST /me/threads`: a container, nothing public yet. */
export async function createContainer(settings: ThreadsSettings, accessToken: string, params: Record<string, string>): Promise<Created> {
  const answer = await graphPost(settings, 'me/threads', accessToken, params);
  const body = graphJson(answer);
  if (body === null) return { ok: false, outcome: failedCall(answer, 'preparing', THREADS_ERRORS, settings.now()) };
  return typeof body.id === 'string' ? { ok: true, id: body.id } : unclear('Threads made a container without naming it');
}

/**
 * A media item's container: `image_url`/`video_url` is the library's signed link, which
 * Threads fetches itself; `alt_text` labels an image or a video.
 */
export async function mediaParams(item: MediaToPublish, media: MediaAccess): Promise<Record<string, string>> {
  const opened = await media.open(item.id);
  opened.body.destroy();
  const link = await media.link(item.id);
  const params: Record<string, string> = opened.facts.kind === 'video' ? { media_type: 'VIDEO', video_url: link } : { media_type: 'IMAGE', image_url: link };
  if (item.altText) params.alt_text = item.altText;
  return params;
}

/** `GET /{container}?fields=status,error_message`. */
export async function containerStatus(settings: ThreadsSettings, accessToken: string, containerId: string): Promise<ContainerStatus> {
  const answer = await graphGet(settings, encodeURIComponent(containerId), accessToken, { fields: 'status,error_message' });
  const body = graphJson(answer);
  if (body === null) return { ok: false, outcome: failedCall(answer, 'preparing', THREADS_ERRORS, settings.now()) };
  if (typeof body.status !== 'string') return unclear('Threads did not say how the container stands');
  return { ok: true, status: body.status, errorMessage: typeof body.error_message === 'string' ? body.error_message : null };
}

/** A post's page as Threads gives it (`GET /{media-id}?fields=permalink`); null where Threads omits it (copyrighted media). */
export const permalinkOf = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 ? value : null);

/**
 * `POST /me/threads_publish?creation_id=…`: the one call that makes a post public. Threads
 * publishes a container once, so it is never repeated here; a call that may have reached
 * Threads without a clear answer is `outcomeUnknown` (the engine then reads the account back:
 * ThreadsReader). The permalink is asked for after; without it the post is still published.
 */
export async function publishContainer(settings: ThreadsSettings, accessToken: string, containerId: string): Promise<PublishOutcome> {
  const answer = await graphPost(settings, 'me/threads_publish', accessToken, { creation_id: containerId });
  const body = graphJson(answer);
  if (body === null) return failedCall(answer, 'creating', THREADS_ERRORS, settings.now());
  const id = body.id;
  if (typeof id !== 'string') return { kind: 'outcomeUnknown', reason: 'publish outcome unknown: Threads published without naming the post', statusCode: 200 };
  const link = graphJson(await graphGet(settings, encodeURIComponent(id), accessToken, { fields: 'permalink' }));
  return { kind: 'published', platformPostId: id, platformPostUrl: permalinkOf(link?.permalink), postedAt: settings.now(), statusCode: 200 };
}

/** How long a reply waits when the profile's reply quota is spent: the quota is a rolling 24 h, so some of it frees within hours. */
const REPLY_QUOTA_WAIT_SECONDS = 60 * 60;

/**
 * The profile's reply quota (`GET /me/threads_publishing_limit?fields=reply_quota_usage,reply_config`):
 * Threads takes 1,000 API replies per rolling 24 h besides the 250 posts the engine counts
 * (docs/platforms.md, Threads review finding 2). Null: room for a reply; else why it waits.
 */
export async function replyQuotaSpent(settings: ThreadsSettings, accessToken: string): Promise<PublishOutcome | null> {
  const answer = await graphGet(settings, 'me/threads_publishing_limit', accessToken, { fields: 'reply_quota_usage,reply_config' });
  const body = graphJson(answer);
  if (body === null) return failedCall(answer, 'preparing', THREADS_ERRORS, settings.now());
  const limit = (Array.isArray(body.data) ? body.data[0] : null) as { reply_quota_usage?: unknown; reply_config?: { quota_total?: unknown } } | null;
  const used = limit?.reply_quota_usage;
  const total = limit?.reply_config?.quota_total;
  if (typeof used !== 'number' || typeof total !== 'number' || used < total) return null;
  const reason = `Threads' reply quota is spent (${used} of ${total} replies in the last 24 hours)`;
  return { kind: 'retryLater', afterSeconds: REPLY_QUOTA_WAIT_SECONDS, reason, statusCode: 200 };
}
