import { type GrantedPublisher, type MediaAccess, type PublishingAccount } from '../../../../application/ports/platforms/PlatformConnector';
import { type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { type PublishOutcome, type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';
import { bearerJson, okJson } from '../kit/http';
import { failedCall } from '../kit/outcomes';
import { asOAuth2, callPinterest, missingScopes, PINTEREST_ERRORS, type PinterestSettings } from './pinterestApi';
import { uploadVideo, videoState } from './pinterestVideos';

export const pinUrl = (id: string): string => `https://www.pinterest.com/pin/${encodeURIComponent(id)}/`;

/** What a pin shows its media from: image links Pinterest fetches, or a video it processed. */
type PinMedia =
  | { readonly kind: 'images'; readonly urls: readonly string[] }
  | { readonly kind: 'video'; readonly mediaId: string; readonly keyFrameSeconds: number };

/** What Pinterest's description has `POST /v5/pins` need. */
const PIN_SCOPES = ['boards:read', 'boards:write', 'pins:read', 'pins:write'];

/** Pinterest's limits on a pin's title and alt text (its description's PinCreate: title 100, alt_text 500). */
const TITLE_LIMIT = 100;
const ALT_TEXT_LIMIT = 500;

const clip = (text: string, limit: number): string => [...text].slice(0, limit).join('');

/**
 * A text value of the target's settings other than the descriptor's `boardId`: Pinterest takes a
 * title and a destination link, which the descriptor does not define today; they are sent when
 * the settings carry them.
 */
function settingText(segment: SegmentToPublish, key: 'title' | 'link'): string | null {
  if (segment.settings.platform !== 'PINTEREST') return null;
  const value = (segment.settings.values as Readonly<Record<string, unknown>>)[key];
  return typeof value === 'string' && value.trim().length > 0 ? value.trim() : null;
}

function mediaSource(media: PinMedia): object {
  if (media.kind === 'video') return { source_type: 'video_id', media_id: media.mediaId, cover_image_key_frame_time: media.keyFrameSeconds };
  if (media.urls.length === 1) return { source_type: 'image_url', url: media.urls[0] };
  return { source_type: 'multiple_image_urls', items: media.urls.map((url) => ({ url })) };
}

/** The body of `POST /v5/pins`: the segment's text is the description; one alt text per pin (the first image's). */
export function pinBody(segment: SegmentToPublish, boardId: string, media: PinMedia): object {
  const title = settingText(segment, 'title');
  const link = settingText(segment, 'link');
  const altText = media.kind === 'images' ? (segment.media.find((item) => item.altText)?.altText ?? null) : null;
  return {
    board_id: boardId,
    ...(title ? { title: clip(title, TITLE_LIMIT) } : {}),
    description: segment.text,
    ...(link ? { link } : {}),
    ...(altText ? { alt_text: clip(altText, ALT_TEXT_LIMIT) } : {}),
    media_source: mediaSource(media),
  };
}

/**
 * One pin per target (Pinterest has no comments to post later segments as). Images are named by
 * the library's signed links, which Pinterest fetches; a video is uploaded first and the pin made
 * on a later call, once Pinterest has processed it (the checkpoint is its media id). Pinterest
 * takes no idempotency key: a pin that may have reached it without a clear answer is
 * `outcomeUnknown`, never repeated (the engine then reads the account back: PinterestReader).
 */
export class PinterestPublisher implements GrantedPublisher {
  constructor(private readonly settings: PinterestSettings) {}

  async publish(segment: SegmentToPublish, grant: PlatformGrant, media: MediaAccess, account: PublishingAccount): Promise<PublishOutcome> {
    const oauth = asOAuth2(grant);
    if (segment.segmentIndex > 0) return { kind: 'rejected', reason: 'Pinterest has no replies or comments to publish later segments as' };
    const missing = missingScopes(oauth, PIN_SCOPES);
    if (missing.length > 0) {
      return { kind: 'needsReconnect', reason: `the connection lacks Pinterest's ${missing.join(', ')} permission a pin needs: connect the account again` };
    }
    const boardId = this.boardFor(segment, account);
    if (boardId === null) return { kind: 'rejected', reason: 'a pin needs a board: choose one for the connection or the target' };
    const pinMedia = await this.mediaFor(segment, oauth.accessToken, media);
    if ('outcome' in pinMedia) return pinMedia.outcome;
    return this.createPin(oauth.accessToken, pinBody(segment, boardId, pinMedia));
  }

  /** The target's own board when it names one; otherwise the board the account's owner picked for the connection. */
  private boardFor(segment: SegmentToPublish, account: PublishingAccount | undefined): string | null {
    const chosen = segment.settings.platform === 'PINTEREST' ? segment.settings.values.boardId : null;
    return chosen ?? (account?.publishAs?.kind === 'board' ? account.publishAs.id : null);
  }

  private async mediaFor(segment: SegmentToPublish, accessToken: string, media: MediaAccess): Promise<PinMedia | { outcome: PublishOutcome }> {
    if (segment.checkpoint !== null) return this.processedVideo(segment, accessToken, segment.checkpoint);
    if (segment.media.length === 0) return { outcome: { kind: 'rejected', reason: 'a pin needs an image or a video' } };
    const first = segment.media[0]!;
    const { body, facts } = await media.open(first.id);
    body.destroy();
    if (facts.kind === 'video') {
      if (segment.media.length > 1) return { outcome: { kind: 'rejected', reason: 'a video pin holds the video alone' } };
      return { outcome: await uploadVideo(this.settings, accessToken, first, media) };
    }
    return { kind: 'images', urls: await Promise.all(segment.media.map((item) => media.link(item.id))) };
  }

  private async processedVideo(segment: SegmentToPublish, accessToken: string, mediaId: string): Promise<PinMedia | { outcome: PublishOutcome }> {
    const state = await videoState(this.settings, accessToken, mediaId);
    if (!state.ready) return { outcome: state.outcome };
    return { kind: 'video', mediaId, keyFrameSeconds: Math.max(0, Math.floor(segment.media[0]?.thumbnailTimestamp ?? 0)) };
  }

  private async createPin(accessToken: string, body: object): Promise<PublishOutcome> {
    const url = `${this.settings.apiBaseUrl}/v5/pins`;
    const answer = await callPinterest(this.settings, { method: 'POST', url, headers: bearerJson(accessToken), body: JSON.stringify(body) });
    // Pinterest's description answers 201 for a pin made (200 too): any 2xx is taken as done.
    if (answer.kind !== 'answered' || answer.status < 200 || answer.status > 299) return failedCall(answer, 'creating', PINTEREST_ERRORS, this.settings.now());
    const id = okJson(answer)?.id;
    if (typeof id !== 'string')
      return { kind: 'outcomeUnknown', reason: 'publish outcome unknown: Pinterest created the pin without naming it', statusCode: answer.status };
    return { kind: 'published', platformPostId: id, platformPostUrl: pinUrl(id), postedAt: this.settings.now(), statusCode: answer.status };
  }
}
