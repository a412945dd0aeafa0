import { countEmojiAsUtf8Bytes } from '../../../../domain/platform/TextLength';
import { type GrantedPublisher, type MediaAccess, type PublishingAccount } from '../../../../application/ports/platforms/PlatformConnector';
import { type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { type PublishOutcome, type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';
import { asOAuth2, type ThreadsSettings } from './threadsApi';
import { containerStatus, createContainer, mediaParams, postParams, publishContainer, replyQuotaSpent } from './threadsContainers';

/**
 * What a `processing` answer leaves to resume from: the container to publish (its id, as
 * Threads names it), or a carousel's item containers still being processed, before the
 * carousel container that names them can be made.
 */
type ThreadsStep = { readonly kind: 'container'; readonly id: string } | { readonly kind: 'carouselItems'; readonly ids: readonly string[] };

const ITEMS = 'carousel-items:';

const checkpointOf = (step: ThreadsStep): string => (step.kind === 'container' ? step.id : `${ITEMS}${step.ids.join(',')}`);

const stepOf = (checkpoint: string): ThreadsStep =>
  checkpoint.startsWith(ITEMS) ? { kind: 'carouselItems', ids: checkpoint.slice(ITEMS.length).split(',') } : { kind: 'container', id: checkpoint };

type Next = { readonly ok: true; readonly step: ThreadsStep } | { readonly ok: false; readonly outcome: PublishOutcome };

/** What resuming from a step came to; `expired`: Threads dropped a container never published (after 24 h). */
type Resumed = PublishOutcome | 'expired';

/** Seconds before asking again about a container Threads is still processing (about once a minute). */
const PROCESSING_SECONDS = 60;

/** Threads' text limit, in its own measure (countEmojiAsUtf8Bytes, the domain's measure for Threads). */
export const THREADS_TEXT_LIMIT = 500;

/**
 * Two steps: a container (`POST /me/threads`), then `threads_publish` once it is FINISHED.
 * A container still IN_PROGRESS is answered `processing` with its id as the checkpoint; the
 * next call asks its status and publishes it, never sleeping here. Threads publishes a
 * container once, so a checkpointed container cannot become two posts. Later segments reply
 * to the one before (`reply_to_id`), each after a look at the profile's reply quota.
 */
export class ThreadsPublisher implements GrantedPublisher {
  constructor(private readonly settings: ThreadsSettings) {}

  async publish(segment: SegmentToPublish, grant: PlatformGrant, media: MediaAccess, _account: PublishingAccount): Promise<PublishOutcome> {
    const { accessToken } = asOAuth2(grant);
    if (segment.segmentIndex > 0 && segment.replyToPlatformPostId === null) return { kind: 'rejected', reason: 'a Threads reply needs the post it replies to' };
    if (segment.checkpoint !== null) {
      const resumed = await this.resume(segment, accessToken, stepOf(segment.checkpoint));
      // An expired container was never published: a new one is made below.
      if (resumed !== 'expired') return resumed;
    }
    const length = countEmojiAsUtf8Bytes(segment.text);
    if (length > THREADS_TEXT_LIMIT) {
      return { kind: 'rejected', reason: `Threads counts this text as ${length} characters (an emoji as its UTF-8 bytes); it allows ${THREADS_TEXT_LIMIT}` };
    }
    if (segment.segmentIndex > 0) {
      const spent = await replyQuotaSpent(this.settings, accessToken);
      if (spent !== null) return spent;
    }
    const created = await this.create(segment, accessToken, media);
    if (!created.ok) return created.outcome;
    const outcome = await this.resume(segment, accessToken, created.step);
    return outcome === 'expired' ? { kind: 'retryLater', afterSeconds: PROCESSING_SECONDS, reason: 'Threads let a new container expire' } : outcome;
  }

  private async resume(segment: SegmentToPublish, accessToken: string, start: ThreadsStep): Promise<Resumed> {
    const next = start.kind === 'carouselItems' ? await this.carousel(segment, accessToken, start.ids) : { ok: true as const, step: start };
    if (next === 'expired') return next;
    if (!next.ok) return next.outcome;
    if (next.step.kind !== 'container') return this.processing(next.step, 'Threads is still processing the carousel items');
    const state = await containerStatus(this.settings, accessToken, next.step.id);
    if (!state.ok) return state.outcome;
    switch (state.status) {
      case 'FINISHED':
        return publishContainer(this.settings, accessToken, next.step.id);
      case 'IN_PROGRESS':
        return this.processing(next.step, 'Threads is still processing the media');
      case 'ERROR':
        return { kind: 'rejected', reason: `Threads could not process the media: ${state.errorMessage ?? 'no reason given'}` };
      case 'EXPIRED':
        return 'expired';
      case 'PUBLISHED':
        return { kind: 'outcomeUnknown', reason: 'publish outcome unknown: Threads already published this container, under an id not known here' };
      default:
        return { kind: 'retryLater', afterSeconds: PROCESSING_SECONDS, reason: `Threads reported the container as ${state.status}` };
    }
  }

  private processing(step: ThreadsStep, reason: string): PublishOutcome {
    return { kind: 'processing', afterSeconds: PROCESSING_SECONDS, checkpoint: checkpointOf(step), reason };
  }

  /** A text, image or video container; for several media, their item containers first. */
  private async create(segment: SegmentToPublish, accessToken: string, media: MediaAccess): Promise<Next> {
    if (segment.media.length === 0) return this.container(accessToken, { media_type: 'TEXT', ...postParams(segment) });
    if (segment.media.length === 1) return this.container(accessToken, { ...(await mediaParams(segment.media[0], media)), ...postParams(segment) });
    const ids: string[] = [];
    for (const item of segment.media) {
      const created = await createContainer(this.settings, accessToken, { ...(await mediaParams(item, media)), is_carousel_item: 'true' });
      if (!created.ok) return created;
      ids.push(created.id);
    }
    return { ok: true, step: { kind: 'carouselItems', ids } };
  }

  private async container(accessToken: string, params: Record<string, string>): Promise<Next> {
    const created = await createContainer(this.settings, accessToken, params);
    return created.ok ? { ok: true, step: { kind: 'container', id: created.id } } : created;
  }

  /** The carousel container, once every item is FINISHED. */
  private async carousel(segment: SegmentToPublish, accessToken: string, ids: readonly string[]): Promise<Next | 'expired'> {
    for (const id of ids) {
      const state = await containerStatus(this.settings, accessToken, id);
      if (!state.ok) return state;
      if (state.status === 'EXPIRED') return 'expired';
      if (state.status === 'ERROR')
        return { ok: false, outcome: { kind: 'rejected', reason: `Threads could not process a carousel item: ${state.errorMessage ?? 'no reason given'}` } };
      if (state.status !== 'FINISHED') return { ok: true, step: { kind: 'carouselItems', ids } };
    }
    return this.container(accessToken, { media_type: 'CAROUSEL', children: ids.join(','), ...postParams(segment) });
  }
}
