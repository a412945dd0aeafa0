import { type PublishOutcome } from '../../../../application/ports/PlatformPublisher';
import { bearer, callX, parseJson, type TwitterAnswer } from './TwitterHttp';
import { type TwitterSettings } from './TwitterOptions';
import { failedCallOutcome } from './twitterOutcomes';

/** X's word on an upload: `processing_info` once media is processed after FINALIZE. */
export interface UploadStatus {
  readonly data?: {
    readonly id?: unknown;
    readonly processing_info?: { state?: unknown; check_after_secs?: unknown; error?: { message?: unknown; name?: unknown } };
  };
}

/** Where one media item stands: usable, still processing (ask again after a while), or refused. */
export type Processing =
  | { readonly kind: 'ready' }
  /** X no longer knows the media id (it expired): the upload starts over. */
  | { readonly kind: 'gone' }
  | { readonly kind: 'pending'; readonly afterSeconds: number }
  | { readonly kind: 'failed'; readonly outcome: PublishOutcome };

const DEFAULT_CHECK_SECONDS = 5;

/** Reads `processing_info`: none or `succeeded` is ready; `pending` and `in_progress` wait `check_after_secs`. */
export function processingOf(status: UploadStatus | null): Processing {
  const info = status?.data?.processing_info;
  if (!info || info.state === 'succeeded') return { kind: 'ready' };
  if (info.state === 'failed') {
    const message = typeof info.error?.message === 'string' ? info.error.message : 'no reason given';
    return { kind: 'failed', outcome: { kind: 'rejected', reason: `X could not process the media: ${message}` } };
  }
  const after = typeof info.check_after_secs === 'number' && info.check_after_secs > 0 ? info.check_after_secs : DEFAULT_CHECK_SECONDS;
  return { kind: 'pending', afterSeconds: after };
}

/** An upload call's answer read as a status; a failure is nothing public yet (`preparing`). */
export function statusFrom(answer: TwitterAnswer, now: Date): { ok: true; status: UploadStatus | null } | { ok: false; outcome: PublishOutcome } {
  if (answer.kind !== 'answered' || answer.status < 200 || answer.status > 299) return { ok: false, outcome: failedCallOutcome(answer, 'preparing', now) };
  return { ok: true, status: parseJson(answer.text) as UploadStatus | null };
}

/** `GET /2/media/upload?command=STATUS&media_id=…`: one look, never a wait. */
export async function checkProcessing(settings: TwitterSettings, accessToken: string, mediaId: string): Promise<Processing> {
  const url = new URL(`${settings.apiBaseUrl}/2/media/upload`);
  url.searchParams.set('command', 'STATUS');
  url.searchParams.set('media_id', mediaId);
  const answer = await callX(settings, { method: 'GET', url: url.toString(), headers: bearer(accessToken) });
  // X answers a 4xx for a media id past its expires_after_secs.
  if (answer.kind === 'answered' && (answer.status === 400 || answer.status === 404)) return { kind: 'gone' };
  const read = statusFrom(answer, settings.now());
  return read.ok ? processingOf(read.status) : { kind: 'failed', outcome: read.outcome };
}
