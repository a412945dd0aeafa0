import { type GrantedPublisher, type MediaAccess, type PublishingAccount } from '../../../../application/ports/platforms/PlatformConnector';
import { type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { type PublishOutcome, type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';
import { failedCall } from '../kit/outcomes';
import { asOAuth2, callOpenApi, dataOf, TIKTOK_ERRORS, type TikTokSettings } from './tiktokApi';
import { captionRefusal, choicesOf, photoPostInfo, queryCreatorInfo, refusalOf, type TikTokChoices, videoPostInfo } from './tiktokChoices';
import { postPhotos, postVideo, processing } from './tiktokUploads';

/**
 * One TikTok post per target (TikTok has no API for comments, so the domain refuses later
 * segments). The first call checks the caption and the creator's options, sends the content
 * and answers `processing` with TikTok's publish_id; each later call asks TikTok what became of
 * it. A publish TikTok failed for a reason it calls worth another try posted nothing, so the
 * same call posts the content anew.
 */
export class TikTokPublisher implements GrantedPublisher {
  constructor(private readonly settings: TikTokSettings) {}

  /** TikTok publishes as the grant's creator: the account adds nothing to a call. */
  async publish(segment: SegmentToPublish, grant: PlatformGrant, media: MediaAccess, _account: PublishingAccount): Promise<PublishOutcome> {
    const { accessToken } = asOAuth2(grant);
    if (segment.segmentIndex > 0) return { kind: 'rejected', reason: 'TikTok takes one post per target: it has no API for comments' };
    const choices = choicesOf(segment);
    if (segment.checkpoint === null) return this.post(segment, accessToken, media, choices);
    const settled = await settlePublish(this.settings, accessToken, segment.checkpoint, choices);
    if (settled.kind === 'outcome') return settled.outcome;
    const outcome = await this.post(segment, accessToken, media, choices);
    return outcome.kind === 'processing' ? { ...outcome, reason: `${settled.reason}; posted again: ${outcome.reason}` } : outcome;
  }

  private async post(segment: SegmentToPublish, accessToken: string, media: MediaAccess, choices: TikTokChoices): Promise<PublishOutcome> {
    const [firstItem] = segment.media;
    if (firstItem === undefined) return { kind: 'rejected', reason: 'a TikTok post needs a video or photos' };
    const first = await media.open(firstItem.id);
    try {
      const kind = first.facts.kind === 'image' ? 'photo' : 'video';
      const caption = captionRefusal(segment.text, kind);
      if (caption !== null) return { kind: 'rejected', reason: caption };
      if (kind === 'video' && segment.media.length > 1) return { kind: 'rejected', reason: 'a TikTok video post carries one video alone' };
      const creator = await queryCreatorInfo(this.settings, accessToken);
      if (!creator.ok) return creator.outcome;
      const refusal = refusalOf(creator.info, choices, kind === 'video' ? first.facts.durationSeconds : null);
      if (refusal !== null) return { kind: 'rejected', reason: refusal };
      if (kind === 'photo') return await postPhotos(this.settings, accessToken, photoPostInfo(segment.text, choices, creator.info), segment.media, media);
      const postInfo = videoPostInfo(segment.text, choices, creator.info, firstItem.thumbnailTimestamp);
      return await postVideo(this.settings, accessToken, postInfo, first);
    } finally {
      first.body.destroy();
    }
  }
}

/**
 * FAILED reasons TikTok documents as worth another try (`internal` retryable, a pull that failed
 * worth a retry): a FAILED publish posted nothing, so a new one is safe (docs/platforms.md,
 * TikTok review 2). Every other reason is the content's or the account's.
 */
const RETRYABLE_FAILURES = new Set(['internal', 'video_pull_failed', 'photo_pull_failed']);

/** What the status of a publish_id settles: an outcome, or a new publish of the same content. */
type Settled = { readonly kind: 'outcome'; readonly outcome: PublishOutcome } | { readonly kind: 'startOver'; readonly reason: string };

const settled = (outcome: PublishOutcome): Settled => ({ kind: 'outcome', outcome });

/**
 * The post id in `publicaly_available_post_id`, read from the text: TikTok's ids are 64-bit
 * numbers, past what a JSON number keeps exactly.
 */
function postIdIn(text: string): string | null {
  return /"publicaly_available_post_id"\s*:\s*\[\s*"?(\d+)/.exec(text)?.[1] ?? null;
}

/**
 * The next call of a segment that answered `processing`: `POST /v2/post/publish/status/fetch/`,
 * the one read that sees what became of a publish_id, private posts too. A failed check only
 * asks again later (retryLater): the engine keeps the checkpoint, and the content is already at
 * TikTok, so a new init would post it twice.
 */
async function settlePublish(settings: TikTokSettings, accessToken: string, publishId: string, choices: TikTokChoices): Promise<Settled> {
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
