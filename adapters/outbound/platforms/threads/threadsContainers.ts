import { type MediaAccess } from '../../../../application/ports/platforms/PlatformConnector';
import { type MediaToPublish, type PublishOutcome, type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';
import { graphGet, graphPost, parseJson } from './ThreadsHttp';
import { type ThreadsSettings } from './ThreadsOptions';
import { failedCallOutcome } from './threadsOutcomes';

/** A container's state: IN_PROGRESS, FINISHED, ERROR, EXPIRED (unpublished after 24 h) or PUBLISHED. */
export type ContainerStatus =
  | { readonly ok: true; readonly status: string; readonly errorMessage: string | null }
  | { readonly ok: false; readonly outcome: PublishOutcome };

export type Created = { readonly ok: true; readonly id: string } | { readonly ok: false; readonly outcome: PublishOutcome };

const REPLY_CONTROL = { everyone: 'everyone', following: 'accounts_you_follow', mentioned: 'mentioned_only' } as const;

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
  if (answer.kind !== 'answered' || answer.status !== 200) return { ok: false, outcome: failedCallOutcome(answer, 'preparing') };
  const id = (parseJson(answer.text) as { id?: unknown } | null)?.id;
  if (typeof id !== 'string') return { ok: false, outcome: { kind: 'retryLater', afterSeconds: 60, reason: 'Threads made a container without naming it' } };
  return { ok: true, id };
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
  if (answer.kind !== 'answered' || answer.status !== 200) return { ok: false, outcome: failedCallOutcome(answer, 'preparing') };
  const body = parseJson(answer.text) as { status?: unknown; error_message?: unknown } | null;
  if (typeof body?.status !== 'string')
    return { ok: false, outcome: { kind: 'retryLater', afterSeconds: 60, reason: 'Threads did not say how the container stands' } };
  return { ok: true, status: body.status, errorMessage: typeof body.error_message === 'string' ? body.error_message : null };
}
