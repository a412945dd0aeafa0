import { type MediaAccess } from '../../../../application/ports/platforms/PlatformConnector';
import { type PublishOutcome, type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';
import { decodeCheckpoint, encodeCheckpoint, type PostCheckpoint } from './instagramCheckpoint';
import { carouselItemParams, carouselParams, singleContainerParams } from './instagramContainerParams';
import { type InstagramAccount } from './instagramContainers';
import { metaErrorOf } from './instagramErrors';
import { okBody } from './InstagramHttp';
import { linkedMedia } from './instagramMediaItems';
import { failedCallOutcome } from './instagramOutcomes';

/** media_publish refused a container Instagram has not finished with: nothing was published. */
const MEDIA_NOT_READY = 2207027;

/**
 * A post in Instagram's two steps: containers (`POST /{ig-user-id}/media`), then, once
 * Instagram has fetched and processed the media (status FINISHED), `media_publish`. While it
 * processes, the answer is `processing` with a checkpoint, never a wait; the next call resumes
 * from it. An expired container (24 h unpublished) is made again once.
 */
export class InstagramPost {
  constructor(
    private readonly account: InstagramAccount,
    private readonly userId: string,
    private readonly segment: SegmentToPublish,
    private readonly media: MediaAccess,
  ) {}

  async publish(): Promise<PublishOutcome> {
    const checkpoint = decodeCheckpoint(this.segment.checkpoint);
    return checkpoint === null ? this.start() : this.resume(checkpoint, true);
  }

  private async start(): Promise<PublishOutcome> {
    const items = await linkedMedia(this.segment.media, this.media);
    if (items.length === 1) {
      const container = await this.account.createContainer(this.userId, singleContainerParams(this.segment, items[0]));
      return container.ok ? this.resume({ kind: 'container', id: container.value }, false) : container.outcome;
    }
    const ids: string[] = [];
    for (const item of items) {
      const container = await this.account.createContainer(this.userId, carouselItemParams(item));
      if (!container.ok) return container.outcome;
      ids.push(container.value);
    }
    return this.resume({ kind: 'carouselItems', ids }, false);
  }

  private async resume(checkpoint: PostCheckpoint, mayRemake: boolean): Promise<PublishOutcome> {
    const ids = checkpoint.kind === 'container' ? [checkpoint.id] : checkpoint.ids;
    for (const id of ids) {
      const status = await this.account.containerStatus(id);
      if (!status.ok) return status.outcome;
      const { code, detail } = status.value;
      if (code === 'IN_PROGRESS') return this.processing(checkpoint);
      if (code === 'ERROR') return { kind: 'rejected', reason: `Instagram could not process the media: ${detail ?? 'no reason given'}` };
      if (code === 'EXPIRED') {
        return mayRemake ? this.start() : { kind: 'retryLater', afterSeconds: 60, reason: 'Instagram expired a container it had just made' };
      }
      if (code === 'PUBLISHED') return { kind: 'outcomeUnknown', reason: 'publish outcome unknown: Instagram says this post was already published' };
    }
    if (checkpoint.kind === 'container') return this.publishContainer(checkpoint.id);
    const carousel = await this.account.createContainer(this.userId, carouselParams(this.segment, checkpoint.ids));
    return carousel.ok ? this.resume({ kind: 'container', id: carousel.value }, false) : carousel.outcome;
  }

  private processing(checkpoint: PostCheckpoint): PublishOutcome {
    const afterSeconds = this.account.settings.processingRecheckSeconds;
    return { kind: 'processing', afterSeconds, checkpoint: encodeCheckpoint(checkpoint), reason: 'Instagram is still processing the media' };
  }

  /** `POST /{ig-user-id}/media_publish?creation_id=…`: the post goes public. */
  private async publishContainer(containerId: string): Promise<PublishOutcome> {
    const answer = await this.account.post(`${this.userId}/media_publish`, { creation_id: containerId });
    const id = okBody(answer)?.id;
    if (answer.kind === 'answered' && metaErrorOf(answer.text, answer.status).subcode === MEDIA_NOT_READY) {
      return this.processing({ kind: 'container', id: containerId });
    }
    if (typeof id !== 'string') return failedCallOutcome(answer, 'creating');
    const platformPostUrl = await this.account.permalink(id);
    return { kind: 'published', platformPostId: id, platformPostUrl, postedAt: this.account.settings.now(), statusCode: 200 };
  }
}
