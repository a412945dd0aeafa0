import { INSTAGRAM_API } from './instagramFakeApi';
import { createContainer, me } from './instagramFakeGraph';
import { exchangeForLongLived, instagramAuthority, refreshLongLived } from './instagramFakeOAuth';
import { mediaInsights } from './instagramFakeInsights';
import { createComment, mediaPublish, readNode } from './instagramFakePublish';
import { listComments, listMedia } from './instagramFakeReads';
import { ALL_SCOPES, InstagramFakeState } from './instagramFakeState';
import { type MetaScripted, metaFakeAnswers } from './kit/metaGraphAnswers';
import { PlatformFake } from './kit/platformFake';

export { ALL_SCOPES };

/**
 * A local stand-in for Instagram's OAuth (api.instagram.com) and Graph API
 * (graph.instagram.com): every request checked against the table of its documentation
 * (instagramFakeApi.ts, from docs/platforms.md), the permissions of each token included; the
 * media URLs it is given fetched as Instagram fetches them; answers in Meta's shapes (throttles
 * with their usage header); scripted answers for the next matching request.
 */
export class InstagramFake extends PlatformFake<InstagramFakeState, MetaScripted> {
  private constructor(state: InstagramFakeState) {
    const authority = instagramAuthority(state);
    super(state, {
      platform: 'Instagram',
      checker: INSTAGRAM_API,
      authority,
      operations: {
        'oauth.accessToken': authority.token,
        'accessToken.exchange': exchangeForLongLived,
        'accessToken.refresh': refreshLongLived,
        'user.get': me,
        'user.media.create': createContainer,
        'user.media.list': listMedia,
        'user.mediaPublish': mediaPublish,
        'media.comments.create': createComment,
        'media.comments.list': listComments,
        'media.insights': mediaInsights,
        'node.get': readNode,
      },
      ...metaFakeAnswers(10, state.account.userId),
    });
  }

  static async start(): Promise<InstagramFake> {
    return PlatformFake.listen(new InstagramFake(new InstagramFakeState()));
  }

  /** A long-lived token as a finished connection holds it. */
  longLivedToken(scopes: readonly string[] = ALL_SCOPES): string {
    return this.state.issueToken('long', scopes);
  }

  /** A published post of the account's (`kind`: a feed image or a reel) with its insights (zeros where none given): what a figures read finds. */
  post(kind: 'IMAGE' | 'REELS', insights: Readonly<Record<string, number>> = {}): string {
    const { state } = this;
    const containerId = state.nextId();
    const params: Record<string, string> =
      kind === 'REELS' ? { media_type: 'REELS', video_url: 'https://media.example/v.mp4' } : { image_url: 'https://media.example/i.jpg' };
    state.containers.set(containerId, {
      id: containerId,
      userId: state.account.userId,
      params: { ...params, caption: 'Shipping Dispatch 1.0' },
      carouselItem: false,
      checksLeft: 0,
      statusCode: 'PUBLISHED',
      status: 'Published: Finished',
      fetched: null,
      failure: null,
    });
    const id = state.nextId();
    state.media.push({ id, containerId, permalink: `https://www.instagram.com/p/C${id}/`, createdAt: state.now() });
    state.insights.set(id, insights);
    return id;
  }

  /** Requests whose path ends with `pathEnd` (`'/media_publish'`). */
  requestsEndingWith(method: string, pathEnd: string): number {
    return this.received.filter((r) => r.method === method && r.path.endsWith(pathEnd)).length;
  }
}
