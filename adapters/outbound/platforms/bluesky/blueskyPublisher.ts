import { type Agent, type AppBskyFeedPost } from '@atproto/api';
import { type GrantFailure } from '../../../../application/ports/platforms/GrantFailure';
import { type GrantedPublisher, type GrantRenewed, type MediaAccess, type PublishingAccount } from '../../../../application/ports/platforms/PlatformConnector';
import { type AtprotoSessionGrant, type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { type PublishOutcome, type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';
import { embedFor, linkFacetsFor, POSTS, postUrlOf, recordKeyFor, replyRefsFor, UnsupportedMedia } from './blueskyRecord';
import { type BlueskySessionUpkeep, type FetchFunction, sessionAgent } from './blueskySession';
import { isSessionExpired, type XrpcFailure, xrpcFailure } from './xrpcFailure';

const DEFAULT_WAIT_SECONDS = 30;

/** A segment's outcome, or word that the session must be renewed before it is tried again. */
type SegmentAttempt = PublishOutcome | { readonly kind: 'sessionExpired'; readonly reason: string };

/**
 * Posts a segment with the connection's session, never a login of its own. A session about to
 * expire, or one the PDS calls expired, is refreshed once (the renewed grant is handed to
 * `renewed` before going on); a session that cannot be renewed ends as the refresh's failure.
 */
export class BlueskyPublisher implements GrantedPublisher {
  constructor(
    private readonly tokens: BlueskySessionUpkeep,
    private readonly fetch: FetchFunction,
    private readonly clock: () => Date,
  ) {}

  async publish(
    segment: SegmentToPublish,
    grant: PlatformGrant,
    media: MediaAccess,
    _account: PublishingAccount,
    renewed?: GrantRenewed,
  ): Promise<PublishOutcome> {
    if (grant.kind !== 'atproto_session') return { kind: 'rejected', reason: 'the connection holds no Bluesky session' };
    // One record key for the whole call: an attempt made again after a renewal can only find the first one's post.
    const rkey = recordKeyFor(segment.idempotencyKey, this.clock());
    let session = grant;
    if (this.tokens.needsRefresh(session, this.clock())) {
      const renewal = await this.renew(session, renewed);
      if (!renewal.ok) return renewal.outcome;
      session = renewal.session;
    }
    const first = await this.attempt(session, segment, media, rkey);
    if (first.kind !== 'sessionExpired') return first;
    const renewal = await this.renew(session, renewed);
    if (!renewal.ok) return renewal.outcome;
    const second = await this.attempt(renewal.session, segment, media, rkey);
    if (second.kind !== 'sessionExpired') return second;
    return { kind: 'needsReconnect', reason: `Bluesky refused a session it had just renewed: ${second.reason}` };
  }

  private attempt(session: AtprotoSessionGrant, segment: SegmentToPublish, media: MediaAccess, rkey: string) {
    return publishSegment(sessionAgent(session.service, session.accessJwt, this.fetch), session, segment, media, rkey, this.clock());
  }

  private async renew(
    session: AtprotoSessionGrant,
    renewed: GrantRenewed | undefined,
  ): Promise<{ ok: true; session: AtprotoSessionGrant } | { ok: false; outcome: PublishOutcome }> {
    const result = await this.tokens.refresh(session);
    if (!result.ok) return { ok: false, outcome: outcomeOfFailedRenewal(result.failure) };
    await renewed?.(result.grant);
    return { ok: true, session: result.grant };
  }
}

/**
 * One segment as one post, in two steps. Preparing (the parent's references, the media's
 * blobs) posts nothing, so any failure there is safe to retry. Creating the record under the
 * call's own record key: when no answer says what happened (a 5xx, a dropped connection), the
 * record is looked up under that key before deciding; what that lookup cannot settle, reading
 * the account back does (blueskyReader).
 */
async function publishSegment(
  agent: Agent,
  session: AtprotoSessionGrant,
  segment: SegmentToPublish,
  media: MediaAccess,
  rkey: string,
  now: Date,
): Promise<SegmentAttempt> {
  let record: AppBskyFeedPost.Record;
  try {
    const reply = segment.replyToPlatformPostId === null ? undefined : await replyRefsFor(agent, segment.replyToPlatformPostId);
    const embed = await embedFor(agent, segment.media, media);
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

function published(uri: string, postedAt: Date): PublishOutcome {
  return { kind: 'published', platformPostId: uri, platformPostUrl: postUrlOf(uri), postedAt };
}

function retryLater(failure: XrpcFailure): PublishOutcome {
  const afterSeconds = failure.kind === 'answered' ? (failure.afterSeconds ?? DEFAULT_WAIT_SECONDS) : DEFAULT_WAIT_SECONDS;
  const statusCode = failure.kind === 'answered' ? { statusCode: failure.status } : {};
  return { kind: 'retryLater', afterSeconds, reason: failure.reason, ...statusCode };
}

function outcomeOfFailedRenewal(failure: GrantFailure): PublishOutcome {
  switch (failure.kind) {
    case 'reconnect':
      return { kind: 'needsReconnect', reason: failure.reason };
    case 'retryLater':
      return { kind: 'retryLater', afterSeconds: failure.afterSeconds, reason: failure.reason };
    case 'rejected':
      return { kind: 'rejected', reason: failure.reason };
  }
}
