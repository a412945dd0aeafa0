import { FACEBOOK_GRAPH } from './facebookFakeApi';
import { postInsights, postTotals } from './facebookFakeFigures';
import { accounts, me, node } from './facebookFakeNodes';
import { accessToken, facebookAuthority, permissions, removeApp } from './facebookFakeOAuth';
import { comments, feed, photos, videos } from './facebookFakePublishing';
import { listComments, listVideos, publishedPosts } from './facebookFakeReads';
import { ALL_SCOPES, FacebookFakeState, type PostEngagement } from './facebookFakeState';
import { type MetaScripted, metaFakeAnswers } from './kit/metaGraphAnswers';
import { PlatformFake } from './kit/platformFake';

export const GRAPH_VERSION_PATH = '/v25.0';

/**
 * A local stand-in for Meta's Graph API for Facebook Pages (a versioned path, `/v25.0/me`):
 * every request checked against the table of its documentation (facebookFakeApi.ts, from
 * docs/platforms.md), the permissions of each token included; the media URLs it is given
 * fetched as Meta fetches them; answers in Meta's shapes (errors as `{error: {…}}`, throttles
 * with their usage header); scripted answers for the next matching request.
 */
export class FacebookFake extends PlatformFake<FacebookFakeState, MetaScripted> {
  private constructor(state: FacebookFakeState) {
    super(state, {
      platform: 'Facebook',
      checker: FACEBOOK_GRAPH,
      authority: facebookAuthority(state),
      operations: {
        'oauth.accessToken': accessToken,
        'user.permissions': permissions,
        'user.permissions.delete': removeApp,
        'user.accounts': accounts,
        'user.get': me,
        'node.get': node,
        'post.get': postTotals,
        'post.insights': postInsights,
        'page.feed': feed,
        'page.photos': photos,
        'page.videos': videos,
        'page.videos.list': listVideos,
        'page.publishedPosts': publishedPosts,
        'object.comments': comments,
        'object.comments.list': listComments,
      },
      ...metaFakeAnswers(200, state.pages[0]!.id),
    });
  }

  static async start(): Promise<FacebookFake> {
    return PlatformFake.listen(new FacebookFake(new FacebookFakeState()));
  }

  /** The Graph API base, version included. */
  get apiBaseUrl(): string {
    return `${this.baseUrl}${GRAPH_VERSION_PATH}`;
  }

  /** Requests to `METHOD /path` after the version. */
  graphRequests(method: string, path: string): number {
    return this.requestsTo(method, `${GRAPH_VERSION_PATH}${path}`);
  }

  /** The Graph requests received, as `METHOD /path` after the version, in order. */
  graphCalls(): string[] {
    return this.received.map((r) => `${r.method} ${r.path.slice(GRAPH_VERSION_PATH.length)}`);
  }

  /** A published post of the Page's (`{page-id}_{post-id}`) with its engagement: what a figures read finds. */
  post(message: string, engagement: PostEngagement, pageId = this.state.pages[0]!.id): string {
    const id = `${pageId}_${this.state.nextId()}`;
    this.state.posts.push({ id, pageId, message, photoIds: [], createdAt: this.state.now() });
    this.state.engagement.set(id, engagement);
    return id;
  }

  /** A published video of the Page's, recorded under the video's id as the publisher records one, with its engagement. */
  video(description: string, engagement: PostEngagement, pageId = this.state.pages[0]!.id): string {
    const id = this.state.nextId();
    const createdAt = this.state.now();
    this.state.videos.set(id, { id, pageId, fileUrl: 'https://media.example/v.mp4', description, createdAt, checksLeft: 0, outcome: 'ready' });
    this.state.engagement.set(id, engagement);
    return id;
  }

  /** A long-lived token of the person's, as a finished connection holds it. */
  userToken(granted: readonly string[] = ALL_SCOPES): string {
    return this.state.issueUserToken(true, granted);
  }
}
