import { type PublishOutcome } from '../../../../application/ports/PlatformPublisher';
import { failedCall } from '../kit/outcomes';
import { callOpenApi, dataOf, TIKTOK_ERRORS, type TikTokSettings } from './tiktokApi';
import { type TikTokChoices, queryCreatorInfo } from './tiktokChoices';

/** TikTok processes most videos within a minute; its status endpoint allows 30 calls a minute per token. */
const CHECK_AGAIN_SECONDS = 15;

/**
 * FAILED reasons TikTok documents as worth another try (`internal` retryable, a pull that failed
 * worth a retry): a FAILED publish posted nothing, so a new one is safe (docs/platforms.md,
 * TikTok review 2). Every other reason is the content's or the account's.
 */
const RETRYABLE_FAILURES = new Set(['internal', 'video_pull_failed', 'photo_pull_failed']);

/** What the status of a publish_id settles: an outcome, or a new publish of the same content. */
export type Settled = { readonly kind: 'outcome'; readonly outcome: PublishOutcome } | { readonly kind: 'startOver'; readonly reason: string };

export function processing(publishId: string, reason: string): PublishOutcome {
  return { kind: 'processing', afterSeconds: CHECK_AGAIN_SECONDS, checkpoint: publishId, reason };
}

const settled = (outcome: PublishOutcome): Settled => ({ kind: 'outcome', outcome });

/**
 * The post id in `publicaly_available_post_id`, read from the text: TikTok's ids are 64-bit
 * numbers, past what a JSON number keeps exactly.
 */
export function postIdIn(text: string): string | null {
  return /"publicaly_available_post_id"\s*:\s*\[\s*"?(\d+)/.exec(text)?.[1] ?? null;
}

/**
 * The next call of a segment that answered `processing`: `POST /v2/post/publish/status/fetch/`,
 * the one read that sees what became of a publish_id, private posts too. A failed check only
 * asks again later (retryLater): the engine keeps the checkpoint, and the content is already at
 * TikTok, so a new init would post it twice.
 */
export async function settlePublish(settings: TikTokSettings, accessToken: string, publishId: string, choices: TikTokChoices): Promise<Settled> {
  const answer = await callOpenApi(settings, accessToken, '/v2/post/publish/status/fetch/', { publish_id: publishId });
  const data = dataOf(answer);
  if (data === null || answer.kind !== 'answered') {
    const outcome = failedCall(answer, 'preparing', TIKTOK_ERRORS, settings.now());
    return settled(outcome.kind === 'rejected' ? { ...outcome, reason: `TikTok could not say what became of the post: ${outcome.reason}` } : outcome);
  }
  switch (data.status) {
    case 'PROCESSING_UPLOAD':
    case 'PROCESSING_DOWNLOAD':
      return settled(processing(publishId, `TikTok is still processing the post (${data.status})`));
    case 'FAILED': {
      const why = typeof data.fail_reason === 'string' ? data.fail_reason : 'no reason given';
      if (RETRYABLE_FAILURES.has(why)) return { kind: 'startOver', reason: `TikTok could not publish the post (${why}) and asks for another try` };
      return settled({ kind: 'rejected', reason: `TikTok could not publish the post: ${why}`, statusCode: 200 });
    }
    case 'SEND_TO_USER_INBOX':
      return settled({ kind: 'rejected', reason: "TikTok sent the post to the creator's inbox to finish in the TikTok app; it was not posted directly" });
    case 'PUBLISH_COMPLETE':
      return settled(await published(settings, accessToken, publishId, postIdIn(answer.text), choices));
    default:
      return settled(processing(publishId, `TikTok is still processing the post (${String(data.status)})`));
  }
}

/**
 * TikTok names a public post only once its moderation is done: until then it is checked
 * again. A private (SELF_ONLY) post is never publicly available, so it is known by its
 * publish_id and has no address. A public post's page is named by the creator's username.
 */
async function published(
  settings: TikTokSettings,
  accessToken: string,
  publishId: string,
  postId: string | null,
  choices: TikTokChoices,
): Promise<PublishOutcome> {
  const postedAt = settings.now();
  if (postId === null) {
    if (choices.privacy === 'SELF_ONLY') return { kind: 'published', platformPostId: publishId, platformPostUrl: null, postedAt, statusCode: 200 };
    return processing(publishId, 'TikTok published the post and is still moderating it');
  }
  const creator = await queryCreatorInfo(settings, accessToken);
  const username = creator.ok ? creator.info.username : null;
  const url = username ? `https://www.tiktok.com/@${username}/video/${postId}` : null;
  return { kind: 'published', platformPostId: postId, platformPostUrl: url, postedAt, statusCode: 200 };
}
