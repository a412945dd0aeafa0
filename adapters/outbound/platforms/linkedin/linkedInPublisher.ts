import { type GrantedPublisher, type MediaAccess, type PublishingAccount } from '../../../../application/ports/platforms/PlatformConnector';
import { type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { type PublishOutcome, type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';
import { okJson } from '../kit/http';
import { failedCall } from '../kit/outcomes';
import { authorOf } from './linkedInAccounts';
import { asOAuth2, callWithToken, commentUrl, commentUrn, LINKEDIN_ERRORS, type LinkedInSettings, postUrl, restHeaders, rootPostUrn } from './linkedInApi';
import { type UploadedMedia, uploadMedia, videoStatus } from './linkedInMedia';

/**
 * `commentary` is "little text", where these characters are markup: each is escaped with a
 * backslash so the text is published as written, and a `#` starting a word is written as the
 * hashtag template `{hashtag|\#|word}` (docs/platforms.md, LinkedIn review finding 3).
 */
const LITTLE_TEXT = /#([\p{L}\p{N}]+)|[\\|{}@[\]()<>#*_~]/gu;

export const asLittleText = (text: string): string => text.replace(LITTLE_TEXT, (c, word?: string) => (word ? `{hashtag|\\#|${word}}` : `\\${c}`));

/** The text little text stands for: a hashtag template as `#word`, an escaped character as itself. */
export const fromLittleText = (text: string): string =>
  text.replace(/\{hashtag\|\\#\|([^}]*)\}|\\(.)/gu, (_c, word?: string, escaped?: string) => (word !== undefined ? `#${word}` : (escaped ?? '')));

/**
 * What a post leaves to resume from while LinkedIn processes its video: the author the media
 * were uploaded for (a video belongs to its owner, who must be the post's author), every media
 * item the post will name, and the videos not yet seen AVAILABLE. It never uploads again.
 */
interface VideoCheckpoint {
  readonly author: string;
  readonly media: readonly UploadedMedia[];
  readonly pending: readonly string[];
}

const encodeCheckpoint = (c: VideoCheckpoint): string => JSON.stringify({ linkedInPost: { author: c.author, media: c.media, pending: c.pending } });

const isMedia = (value: unknown): value is UploadedMedia => {
  const item = value as { id?: unknown; kind?: unknown; altText?: unknown } | null;
  return typeof item?.id === 'string' && (item.kind === 'image' || item.kind === 'video') && (item.altText === null || typeof item.altText === 'string');
};

/** Null for no checkpoint, or one this connector did not write (the upload then starts over). */
function decodeCheckpoint(text: string | null): VideoCheckpoint | null {
  try {
    const value = (JSON.parse(text ?? 'null') as { linkedInPost?: { author?: unknown; media?: unknown; pending?: unknown } } | null)?.linkedInPost;
    const pending = value?.pending;
    if (typeof value?.author !== 'string' || !Array.isArray(value.media) || !value.media.every(isMedia)) return null;
    return Array.isArray(pending) && pending.every((v) => typeof v === 'string') ? { author: value.author, media: value.media, pending } : null;
  } catch {
    return null;
  }
}

/** Alt text is for images; a video is named alone. */
const mediaRef = (item: UploadedMedia) => (item.kind === 'image' && item.altText ? { id: item.id, altText: item.altText } : { id: item.id });

/** The body of `POST /rest/posts`: an organic post on the main feed, published at once. */
export function postBody(segment: SegmentToPublish, author: string, media: readonly UploadedMedia[]): object {
  const content = media.length === 0 ? null : media.length === 1 ? { media: mediaRef(media[0]) } : { multiImage: { images: media.map(mediaRef) } };
  return {
    author,
    commentary: asLittleText(segment.text),
    // The narrowest audience when the settings are not LinkedIn's (docs/decisions.md, "Platforms").
    visibility: segment.settings.platform === 'LINKEDIN' ? segment.settings.values.visibility : 'CONNECTIONS',
    distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
    ...(content ? { content } : {}),
    lifecycleState: 'PUBLISHED',
    isReshareDisabledByAuthor: false,
  };
}

/**
 * Segment 0 becomes a post (`POST /rest/posts`); later segments become comments on that post
 * (`POST /rest/socialActions/{post}/comments`). LinkedIn takes no idempotency key, so a call
 * that may have reached it and got no clear answer is `outcomeUnknown`, never repeated (the
 * engine then reads the account back where it can: LinkedInReader). A video is processed by
 * LinkedIn after its upload: until it is AVAILABLE the call answers `processing` with the video
 * as its checkpoint, and the next call resumes from there.
 */
export class LinkedInPublisher implements GrantedPublisher {
  constructor(private readonly settings: LinkedInSettings) {}

  async publish(segment: SegmentToPublish, grant: PlatformGrant, media: MediaAccess, account: PublishingAccount): Promise<PublishOutcome> {
    const { accessToken } = asOAuth2(grant);
    // A post whose video LinkedIn was processing resumes as the author the video was uploaded for.
    const resumed = segment.segmentIndex === 0 ? decodeCheckpoint(segment.checkpoint) : null;
    if (resumed) return this.resume(segment, accessToken, resumed);
    const author = await authorOf(this.settings, account, accessToken);
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

  /** One look at each video not yet seen AVAILABLE, then the post once all are; never a sleep, never a second upload. */
  private async resume(segment: SegmentToPublish, accessToken: string, checkpoint: VideoCheckpoint): Promise<PublishOutcome> {
    const pending: string[] = [];
    for (const video of checkpoint.pending) {
      const state = await videoStatus(this.settings, accessToken, video);
      if (!state.ok) return state.outcome;
      if (!state.ready) pending.push(video);
    }
    if (pending.length > 0) {
      const reason = 'LinkedIn is still processing the video';
      return { kind: 'processing', afterSeconds: this.settings.videoCheckSeconds, checkpoint: encodeCheckpoint({ ...checkpoint, pending }), reason };
    }
    return this.create(segment, accessToken, checkpoint.author, checkpoint.media);
  }

  /** `POST /rest/posts`, naming the uploaded media; 201 with the post's URN in `x-restli-id`. */
  private async create(segment: SegmentToPublish, accessToken: string, author: string, media: readonly UploadedMedia[]): Promise<PublishOutcome> {
    const body = JSON.stringify(postBody(segment, author, media));
    const headers = restHeaders(this.settings, accessToken, true);
    const answer = await callWithToken(this.settings, { method: 'POST', url: `${this.settings.apiBaseUrl}/rest/posts`, headers, body });
    if (answer.kind !== 'answered' || answer.status !== 201) return failedCall(answer, 'creating', LINKEDIN_ERRORS, this.settings.now());
    const urn = answer.headers.get('x-restli-id');
    if (!urn) return { kind: 'outcomeUnknown', reason: 'publish outcome unknown: LinkedIn created the post without naming it', statusCode: 201 };
    return { kind: 'published', platformPostId: urn, platformPostUrl: postUrl(urn), postedAt: this.settings.now(), statusCode: 201 };
  }

  private async comment(segment: SegmentToPublish, accessToken: string, actor: string, post: string): Promise<PublishOutcome> {
    const answer = await callWithToken(this.settings, {
      method: 'POST',
      url: `${this.settings.apiBaseUrl}/rest/socialActions/${encodeURIComponent(post)}/comments`,
      headers: restHeaders(this.settings, accessToken, true),
      body: JSON.stringify({ actor, object: post, message: { text: segment.text } }),
    });
    if (answer.kind !== 'answered' || answer.status !== 201) return failedCall(answer, 'creating', LINKEDIN_ERRORS, this.settings.now());
    const urn = commentUrnOf(post, okJson(answer)?.id, answer.headers.get('x-restli-id'));
    if (!urn) return { kind: 'outcomeUnknown', reason: 'publish outcome unknown: LinkedIn created the comment without naming it', statusCode: 201 };
    return { kind: 'published', platformPostId: urn, platformPostUrl: commentUrl(post, urn), postedAt: this.settings.now(), statusCode: 201 };
  }
}

/** A comment's URN from its `id` (the body), else from `x-restli-id` (a URN, or the bare id). */
export function commentUrnOf(post: string, id: unknown, header: string | null = null): string | null {
  if (typeof id === 'string') return commentUrn(post, id);
  if (!header) return null;
  return header.startsWith('urn:li:comment:') ? header : commentUrn(post, header);
}
