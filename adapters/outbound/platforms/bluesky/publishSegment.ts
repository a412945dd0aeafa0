import { type Agent, type AppBskyFeedPost, AtUri } from '@atproto/api';
import { type AtprotoSessionGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { type MediaAccess } from '../../../../application/ports/platforms/PlatformConnector';
import { type PublishOutcome, type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';
import { imagesEmbedFor, UnsupportedMedia } from './imagesEmbedFor';
import { linkFacetsFor } from './linkFacetsFor';
import { recordKeyFor } from './recordKeyFor';
import { replyRefsFor } from './replyRefsFor';
import { isSessionExpired, type XrpcFailure, xrpcFailure } from './xrpcFailure';

const POSTS = 'app.bsky.feed.post';
const DEFAULT_WAIT_SECONDS = 30;

/** A segment's outcome, or word that the session must be renewed before it is tried again. */
export type SegmentAttempt = PublishOutcome | { readonly kind: 'sessionExpired'; readonly reason: string };

/**
 * One segment as one post, in two steps. Preparing (the parent's references, the images'
 * blobs) posts nothing, so any failure there is safe to retry. Creating the record under the
 * key's own record key: when no answer says what happened (a 5xx, a dropped connection), the
 * record is looked up under that key before deciding.
 */
export async function publishSegment(
  agent: Agent,
  session: AtprotoSessionGrant,
  segment: SegmentToPublish,
  media: MediaAccess,
  now: Date,
): Promise<SegmentAttempt> {
  let record: AppBskyFeedPost.Record;
  try {
    const reply = segment.replyToPlatformPostId === null ? undefined : await replyRefsFor(agent, segment.replyToPlatformPostId);
    const embed = await imagesEmbedFor(agent, segment.media, media);
    const facets = linkFacetsFor(segment.text);
    record = { $type: POSTS, text: segment.text, createdAt: now.toISOString(), ...(facets && { facets }), ...(reply && { reply }), ...(embed && { embed }) };
  } catch (thrown) {
    if (thrown instanceof UnsupportedMedia) return { kind: 'rejected', reason: thrown.message };
    const failure = xrpcFailure(thrown, now);
    if (isSessionExpired(failure)) return { kind: 'sessionExpired', reason: failure.reason };
    if (failure.kind === 'answered' && failure.status >= 400 && failure.status < 500 && failure.status !== 429) {
      return { kind: 'rejected', reason: failure.reason, statusCode: failure.status };
    }
    return retryLater(failure);
  }

  const rkey = recordKeyFor(segment.idempotencyKey);
  try {
    const { data } = await agent.com.atproto.repo.createRecord({ repo: session.did, collection: POSTS, rkey, record });
    return published(data.uri, now);
  } catch (thrown) {
    const failure = xrpcFailure(thrown, now);
    if (isSessionExpired(failure)) return { kind: 'sessionExpired', reason: failure.reason };
    if (failure.kind === 'answered' && failure.status < 500) {
      if (failure.status === 429) return retryLater(failure);
      return { kind: 'rejected', reason: failure.reason, statusCode: failure.status };
    }
    if (failure.kind === 'noAnswer' && failure.neverSent) return retryLater(failure);
    const existing = await existingPostUri(agent, session.did, rkey);
    if (existing) return published(existing, now);
    // A 5xx is an answer: the PDS is done with the request and made no record (docs/decisions.md).
    if (failure.kind === 'answered') return retryLater(failure);
    return { kind: 'outcomeUnknown', reason: `Bluesky gave no answer to the post: ${failure.reason}` };
  }
}

/** The post's AT URI when a record exists under the key, null when none does or the PDS cannot say. */
async function existingPostUri(agent: Agent, did: string, rkey: string): Promise<string | null> {
  try {
    const { data } = await agent.com.atproto.repo.getRecord({ repo: did, collection: POSTS, rkey });
    return data.uri;
  } catch {
    return null;
  }
}

/** `https://bsky.app/profile/{did}/post/{rkey}` (docs/platforms.md): the DID outlives a handle change. */
function published(uri: string, postedAt: Date): PublishOutcome {
  const atUri = new AtUri(uri);
  return { kind: 'published', platformPostId: uri, platformPostUrl: `https://bsky.app/profile/${atUri.host}/post/${atUri.rkey}`, postedAt };
}

function retryLater(failure: XrpcFailure): PublishOutcome {
  const afterSeconds = failure.kind === 'answered' ? (failure.afterSeconds ?? DEFAULT_WAIT_SECONDS) : DEFAULT_WAIT_SECONDS;
  const statusCode = failure.kind === 'answered' ? { statusCode: failure.status } : {};
  return { kind: 'retryLater', afterSeconds, reason: failure.reason, ...statusCode };
}
