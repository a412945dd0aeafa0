import { type GrantedPublisher, type MediaAccess, type PublishingAccount } from '../../../../application/ports/platforms/PlatformConnector';
import { type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { type PublishOutcome, type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';
import { callWithToken, parseJson, restHeaders } from './LinkedInHttp';
import { decodeCheckpoint, encodeCheckpoint, type VideoCheckpoint } from './linkedInCheckpoint';
import { type UploadedMedia, uploadMedia } from './linkedInMedia';
import { type LinkedInAuthor, type LinkedInSettings } from './LinkedInOptions';
import { failedCallOutcome } from './linkedInOutcomes';
import { postBody } from './linkedInPostBody';
import { asOAuth2 } from './LinkedInTokens';
import { authorUrn, commentUrl, commentUrn, personUrn, postUrl, rootPostUrn } from './linkedInUrns';
import { videoStatus } from './linkedInVideos';

type Author = { readonly ok: true; readonly urn: string } | { readonly ok: false; readonly outcome: PublishOutcome };

/**
 * Segment 0 becomes a post (`POST /rest/posts`); later segments become comments on that post
 * (`POST /rest/socialActions/{post}/comments`). LinkedIn takes no idempotency key, so a call
 * that may have reached it and got no clear answer is `outcomeUnknown`, never repeated. A
 * video is processed by LinkedIn after its upload: until it is AVAILABLE the call answers
 * `processing` with the video as its checkpoint, and the next call resumes from there
 * (docs/decisions.md, "The publishing engine").
 */
export class LinkedInPublisher implements GrantedPublisher {
  constructor(
    private readonly settings: LinkedInSettings,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async publish(segment: SegmentToPublish, grant: PlatformGrant, media: MediaAccess, account?: PublishingAccount): Promise<PublishOutcome> {
    const { accessToken } = asOAuth2(grant);
    // A post whose video LinkedIn was processing resumes as the author the video was uploaded for.
    const resumed = segment.segmentIndex === 0 ? decodeCheckpoint(segment.checkpoint) : null;
    if (resumed) return this.resume(segment, accessToken, resumed);
    const author = await this.authorOf(account, accessToken);
    if (!author.ok) return author.outcome;
    if (segment.segmentIndex === 0) return this.post(segment, accessToken, author.urn, media);
    if (segment.replyToPlatformPostId === null) return { kind: 'rejected', reason: 'a LinkedIn comment needs the post it goes on' };
    if (segment.media.length > 0) return { kind: 'rejected', reason: 'LinkedIn comments carry text only here' };
    return this.comment(segment, accessToken, author.urn, rootPostUrn(segment.replyToPlatformPostId));
  }

  private async post(segment: SegmentToPublish, accessToken: string, author: string, media: MediaAccess): Promise<PublishOutcome> {
    const uploads = await uploadMedia(this.settings, accessToken, author, segment.media, media);
    if (!uploads.ok) return uploads.outcome;
    const videos = uploads.media.filter((item) => item.kind === 'video').map((item) => item.id);
    if (videos.length === 0) return this.create(segment, accessToken, author, uploads.media);
    const uploaded: VideoCheckpoint = { author, media: uploads.media, pending: videos };
    const outcome = await this.resume(segment, accessToken, uploaded);
    if (outcome.kind !== 'retryLater') return outcome;
    // The video is uploaded: the later call resumes from it rather than uploading it again.
    const { afterSeconds, reason, statusCode } = outcome;
    return { kind: 'processing', afterSeconds, checkpoint: encodeCheckpoint(uploaded), reason, ...(statusCode === undefined ? {} : { statusCode }) };
  }

  /**
   * One look at each video not yet seen AVAILABLE, then the post once all are; never a sleep
   * and never a second upload: a video still processing is answered `processing` with the
   * checkpoint, and the engine calls again after `videoCheckSeconds`.
   */
  private async resume(segment: SegmentToPublish, accessToken: string, checkpoint: VideoCheckpoint): Promise<PublishOutcome> {
    const pending: string[] = [];
    for (const video of checkpoint.pending) {
      const state = await videoStatus(this.settings, accessToken, video);
      if (!state.ok) return state.outcome;
      if (!state.ready) pending.push(video);
    }
    if (pending.length > 0) {
      const checkpointText = encodeCheckpoint({ ...checkpoint, pending });
      return {
        kind: 'processing',
        afterSeconds: this.settings.videoCheckSeconds,
        checkpoint: checkpointText,
        reason: 'LinkedIn is still processing the video',
      };
    }
    return this.create(segment, accessToken, checkpoint.author, checkpoint.media);
  }

  /** `POST /rest/posts`, naming the uploaded media. */
  private async create(segment: SegmentToPublish, accessToken: string, author: string, media: readonly UploadedMedia[]): Promise<PublishOutcome> {
    const answer = await callWithToken(this.settings, {
      method: 'POST',
      url: `${this.settings.apiBaseUrl}/rest/posts`,
      headers: restHeaders(this.settings, accessToken, true),
      body: JSON.stringify(postBody(segment, author, media)),
    });
    if (answer.kind !== 'answered' || answer.status !== 201) return failedCallOutcome(answer, 'creating');
    const urn = answer.headers.get('x-restli-id');
    if (!urn) return { kind: 'outcomeUnknown', reason: 'publish outcome unknown: LinkedIn created the post without naming it', statusCode: 201 };
    return { kind: 'published', platformPostId: urn, platformPostUrl: postUrl(urn), postedAt: this.now(), statusCode: 201 };
  }

  private async comment(segment: SegmentToPublish, accessToken: string, actor: string, post: string): Promise<PublishOutcome> {
    const answer = await callWithToken(this.settings, {
      method: 'POST',
      url: `${this.settings.apiBaseUrl}/rest/socialActions/${encodeURIComponent(post)}/comments`,
      headers: restHeaders(this.settings, accessToken, true),
      body: JSON.stringify({ actor, object: post, message: { text: segment.text } }),
    });
    if (answer.kind !== 'answered' || answer.status !== 201) return failedCallOutcome(answer, 'creating');
    const id = (parseJson(answer.text) as { id?: unknown } | null)?.id;
    const header = answer.headers.get('x-restli-id');
    const urn = typeof id === 'string' ? commentUrn(post, id) : header?.startsWith('urn:li:comment:') ? header : header ? commentUrn(post, header) : null;
    if (!urn) return { kind: 'outcomeUnknown', reason: 'publish outcome unknown: LinkedIn created the comment without naming it', statusCode: 201 };
    return { kind: 'published', platformPostId: urn, platformPostUrl: commentUrl(post, urn), postedAt: this.now(), statusCode: 201 };
  }

  /** The connection's member (or the organization its owner picked), or else the member the grant belongs to (GET /v2/userinfo). */
  private async authorOf(account: PublishingAccount | undefined, accessToken: string): Promise<Author> {
    const chosen = chosenAuthor(account);
    if (chosen) return { ok: true, urn: authorUrn(chosen) };
    const headers = { Authorization: `Bearer ${accessToken}` };
    const answer = await callWithToken(this.settings, { method: 'GET', url: `${this.settings.apiBaseUrl}/v2/userinfo`, headers });
    if (answer.kind !== 'answered' || answer.status !== 200) return { ok: false, outcome: failedCallOutcome(answer, 'preparing') };
    const sub = (parseJson(answer.text) as { sub?: unknown } | null)?.sub;
    if (typeof sub !== 'string') return { ok: false, outcome: { kind: 'retryLater', afterSeconds: 60, reason: 'LinkedIn did not say who the member is' } };
    return { ok: true, urn: personUrn(sub) };
  }
}

/** Who the account publishes as: its member, or the organization its owner picked; null where the member is not known. */
function chosenAuthor(account: PublishingAccount | undefined): LinkedInAuthor | null {
  if (account?.accountId == null) return null;
  return { memberId: account.accountId, organizationId: account.publishAs?.kind === 'organization' ? account.publishAs.id : null };
}
