import { type MediaAccess } from '../../../../application/ports/platforms/PlatformConnector';
import { type PublishOutcome, type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';
import { okJson } from '../kit/http';
import { metaErrorOf } from '../kit/metaGraph';
import { failedCall } from '../kit/outcomes';
import { INSTAGRAM_ERRORS, type InstagramGraph } from './instagramApi';
import {
  carouselItemParams,
  carouselParams,
  containerStatus,
  createContainer,
  decodeCheckpoint,
  encodeCheckpoint,
  linkedMedia,
  type PostCheckpoint,
  singleContainerParams,
} from './instagramContainers';

/** media_publish refused a container Instagram has not finished with: nothing was published. */
const MEDIA_NOT_READY = 2207027;
/**
 * media_publish's temporary error: "try again 1–2 times in the next 30 seconds to 2 minutes"
 * (docs/platforms.md, Instagram review 3). A container publishes at most once, so asking again
 * cannot post twice; the engine's retries bound it, each starting from a new container.
 */
const TEMPORARY_PUBLISH_ERROR = 2207008;
const TEMPORARY_PUBLISH_RETRY_SECONDS = 30;

/**
 * A post in Instagram's two steps: containers (`POST /{ig-user-id}/media`), then, once
 * Instagram has fetched and processed the media (status FINISHED), `media_publish`. While it
 * processes, the answer is `processing` with a checkpoint, never a wait; the next call resumes
 * from it. An expired container (24 h unpublished) is made again once.
 */
export class InstagramPost {
  constructor(
    private readonly graph: InstagramGraph,
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
      const container = await createContainer(this.graph, this.userId, singleContainerParams(this.segment, items[0]!));
      return container.ok ? this.resume({ kind: 'container', id: container.value }, false) : container.outcome;
    }
    const ids: string[] = [];
    for (const item of items) {
      const container = await createContainer(this.graph, this.userId, carouselItemParams(item));
      if (!container.ok) return container.outcome;
      ids.push(container.value);
    }
    return this.resume({ kind: 'carouselItems', ids }, false);
  }

  private async resume(checkpoint: PostCheckpoint, mayRemake: boolean): Promise<PublishOutcome> {
    const ids = checkpoint.kind === 'container' ? [checkpoint.id] : checkpoint.ids;
    for (const id of ids) {
      const status = await containerStatus(this.graph, id);
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
    const carousel = await createContainer(this.graph, this.userId, carouselParams(this.segment, checkpoint.ids));
    return carousel.ok ? this.resume({ kind: 'container', id: carousel.value }, false) : carousel.outcome;
  }

  private processing(checkpoint: PostCheckpoint): PublishOutcome {
    const afterSeconds = this.graph.settings.processingRecheckSeconds;
    return { kind: 'processing', afterSeconds, checkpoint: encodeCheckpoint(checkpoint), reason: 'Instagram is still processing the media' };
  }

  /** `POST /{ig-user-id}/media_publish?creation_id=…`: the post goes public. */
  private async publishContainer(containerId: string): Promise<PublishOutcome> {
    const answer = await this.graph.post(`${this.userId}/media_publish`, { creation_id: containerId });
    const now = this.graph.settings.now();
    const subcode = answer.kind === 'answered' ? metaErrorOf(answer.text)?.subcode : null;
    if (subcode === MEDIA_NOT_READY) return this.processing({ kind: 'container', id: containerId });
    if (subcode === TEMPORARY_PUBLISH_ERROR && answer.kind === 'answered') {
      return { kind: 'retryLater', afterSeconds: TEMPORARY_PUBLISH_RETRY_SECONDS, reason: INSTAGRAM_ERRORS.message(answer), statusCode: answer.status };
    }
    const body = okJson(answer);
    if (body === null) return failedCall(answer, 'creating', INSTAGRAM_ERRORS, now);
    if (typeof body.id !== 'string')
      return { kind: 'outcomeUnknown', reason: 'publish outcome unknown: Instagram published without naming the post', statusCode: 200 };
    const platformPostUrl = await this.graph.permalink(body.id);
    return { kind: 'published', platformPostId: body.id, platformPostUrl, postedAt: now, statusCode: 200 };
  }
}
