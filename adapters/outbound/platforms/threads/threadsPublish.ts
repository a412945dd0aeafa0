import { type PublishOutcome } from '../../../../application/ports/PlatformPublisher';
import { graphGet, graphPost, parseJson } from './ThreadsHttp';
import { type ThreadsSettings } from './ThreadsOptions';
import { failedCallOutcome } from './threadsOutcomes';

/**
 * `POST /me/threads_publish?creation_id=…`: the one call that makes a post public. Threads
 * publishes a container once, so it is never repeated here; a call that may have reached
 * Threads without a clear answer is `outcomeUnknown`. The permalink is asked for after
 * (`GET /{media-id}?fields=permalink`); without it the post is still published.
 */
export async function publishContainer(settings: ThreadsSettings, accessToken: string, containerId: string): Promise<PublishOutcome> {
  const answer = await graphPost(settings, 'me/threads_publish', accessToken, { creation_id: containerId });
  if (answer.kind !== 'answered' || answer.status !== 200) return failedCallOutcome(answer, 'publishing');
  const id = (parseJson(answer.text) as { id?: unknown } | null)?.id;
  if (typeof id !== 'string') return { kind: 'outcomeUnknown', reason: 'publish outcome unknown: Threads published without naming the post', statusCode: 200 };
  const link = await graphGet(settings, encodeURIComponent(id), accessToken, { fields: 'permalink' });
  const permalink = link.kind === 'answered' && link.status === 200 ? (parseJson(link.text) as { permalink?: unknown } | null)?.permalink : null;
  const platformPostUrl = typeof permalink === 'string' ? permalink : null;
  return { kind: 'published', platformPostId: id, platformPostUrl, postedAt: settings.now(), statusCode: 200 };
}
