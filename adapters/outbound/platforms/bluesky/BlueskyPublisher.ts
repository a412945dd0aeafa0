import { type GrantFailure } from '../../../../application/ports/platforms/GrantFailure';
import { type GrantedPublisher, type GrantRenewed, type MediaAccess, type PublishingAccount } from '../../../../application/ports/platforms/PlatformConnector';
import { type AtprotoSessionGrant, type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { type PublishOutcome, type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';
import { type BlueskySessionUpkeep } from './BlueskySessionUpkeep';
import { publishSegment } from './publishSegment';
import { type FetchFunction, sessionAgent } from './sessionAgent';

/**
 * Posts a segment with the connection's session, never a login of its own. A session about to
 * expire, or one the PDS calls expired, is refreshed once (the renewed grant is handed to
 * `renewed` before going on); a session that cannot be renewed ends as the refresh's failure.
 */
export class BlueskyPublisher implements GrantedPublisher {
  constructor(
    private readonly tokens: BlueskySessionUpkeep,
    private readonly fetch: FetchFunction,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async publish(
    segment: SegmentToPublish,
    grant: PlatformGrant,
    media: MediaAccess,
    _account?: PublishingAccount,
    renewed?: GrantRenewed,
  ): Promise<PublishOutcome> {
    if (grant.kind !== 'atproto_session') return { kind: 'rejected', reason: 'the connection holds no Bluesky session' };
    let session = grant;
    if (this.tokens.needsRefresh(session, this.clock())) {
      const renewal = await this.renew(session, renewed);
      if (!renewal.ok) return renewal.outcome;
      session = renewal.session;
    }
    const first = await this.attempt(session, segment, media);
    if (first.kind !== 'sessionExpired') return first;
    const renewal = await this.renew(session, renewed);
    if (!renewal.ok) return renewal.outcome;
    const second = await this.attempt(renewal.session, segment, media);
    if (second.kind !== 'sessionExpired') return second;
    return { kind: 'needsReconnect', reason: `Bluesky refused a session it had just renewed: ${second.reason}` };
  }

  private attempt(session: AtprotoSessionGrant, segment: SegmentToPublish, media: MediaAccess) {
    return publishSegment(sessionAgent(session.service, session.accessJwt, this.fetch), session, segment, media, this.clock());
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
