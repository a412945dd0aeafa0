import { type PublishOutcome } from '../../../../application/ports/PlatformPublisher';
import { parseJson, type TikTokAnswer } from './TikTokHttp';
import { unansweredOutcome } from '../shared/failedCallOutcomes';

/**
 * Where a failed call stood:
 * - `reading` (creator info, the status of a publish): asks only, so any failure is tried again;
 * - `reserving` (a video's init with FILE_UPLOAD): an error answer made nothing, and nothing can
 *   be published before the bytes are sent; with no answer at all it is not known what TikTok
 *   made of it;
 * - `creating` (a photo post's init: TikTok pulls the images itself): once TikTok may have
 *   received it, trying again could post it twice; TikTok takes no idempotency key.
 */
export type CallStage = 'reading' | 'reserving' | 'creating';

export const DEFAULT_RETRY_SECONDS = 60;

/** Advice added to TikTok's refusals that the person can act on. */
const ADVICE: Record<string, string> = {
  privacy_level_option_mismatch: 'choose a privacy level the creator may use (an app TikTok has not audited may only post SELF_ONLY)',
  unaudited_client_can_only_post_to_private_accounts: 'an app TikTok has not audited may only post SELF_ONLY to a private account',
  url_ownership_unverified: "TikTok pulls media only from a domain verified for the app in TikTok's developer portal",
  spam_risk_too_many_posts: "the creator reached TikTok's daily limit of posts through apps",
  spam_risk_user_banned_from_posting: 'TikTok does not let this creator post at the moment',
  scope_not_authorized: 'connect the account again, granting video.publish',
};

/** TikTok's error `{error: {code, message, log_id}}`, for OAuth answers `{error, error_description}`. */
export function tiktokError(text: string): { code: string | null; message: string | null } {
  const body = parseJson(text) as { error?: unknown; error_description?: unknown } | null;
  if (typeof body?.error === 'string') {
    return { code: body.error, message: typeof body.error_description === 'string' ? body.error_description : null };
  }
  const error = (body?.error ?? null) as { code?: unknown; message?: unknown } | null;
  return { code: typeof error?.code === 'string' ? error.code : null, message: typeof error?.message === 'string' && error.message ? error.message : null };
}

/** One line for the person: TikTok's message, its code, and what to do where that is known. */
export function tiktokReason(text: string, status: number): string {
  const { code, message } = tiktokError(text);
  const said = message ? `TikTok: ${message}${code ? ` (${code})` : ''}` : code ? `TikTok answered ${status} (${code})` : `TikTok answered ${status}`;
  const advice = code ? ADVICE[code] : undefined;
  return advice ? `${said}: ${advice}` : said;
}

/** Seconds from `Retry-After` where TikTok sends it; its rate limits are per minute. */
export function retryAfterSeconds(headers: Headers): number {
  const value = headers.get('retry-after')?.trim();
  return value && /^\d+$/.test(value) ? Number(value) : DEFAULT_RETRY_SECONDS;
}

/** The outcome of a call that did not succeed. */
export function failedCallOutcome(answer: TikTokAnswer, stage: CallStage): PublishOutcome {
  if (answer.kind !== 'answered') return unansweredOutcome(answer, stage !== 'reading', DEFAULT_RETRY_SECONDS);
  const { status, headers, text } = answer;
  const { code } = tiktokError(text);
  const reason = tiktokReason(text, status);
  const statusCode = status;
  if (code === 'access_token_invalid' || code === 'scope_not_authorized' || status === 401) return { kind: 'needsReconnect', reason, statusCode };
  if (code === 'rate_limit_exceeded' || status === 429) return { kind: 'retryLater', afterSeconds: retryAfterSeconds(headers), reason, statusCode };
  if (status >= 500) {
    return stage === 'creating'
      ? { kind: 'outcomeUnknown', reason: `publish outcome unknown: ${reason}`, statusCode }
      : { kind: 'retryLater', afterSeconds: DEFAULT_RETRY_SECONDS, reason, statusCode };
  }
  return { kind: 'rejected', reason, statusCode };
}
