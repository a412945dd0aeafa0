import { metaFakeAnswers, type MetaScripted } from './kit/metaGraphAnswers';
import { PlatformFake } from './kit/platformFake';
import { THREADS_PERMISSION_CODE } from './threadsFakeAnswers';
import { THREADS_API } from './threadsFakeApi';
import { createContainer, publishContainer, readMedia } from './threadsFakeContainers';
import { mediaInsights } from './threadsFakeInsights';
import { exchangeForLongLived, refreshLongLived, threadsAuthority } from './threadsFakeOAuth';
import { listReplies, listThreads, me, publishingLimit } from './threadsFakeReads';
import { type ContainerState, ThreadsFakeState } from './threadsFakeState';

/** The scopes the connector's authorize URL asks for: what a finished connection's tokens carry. */
export const THREADS_SCOPES = ['threads_basic', 'threads_content_publish', 'threads_manage_replies', 'threads_read_replies', 'threads_manage_insights'];

/**
 * A local stand-in for Threads' token endpoints and Graph API: every request checked against
 * the table of Meta's pages (THREADS_API, docs/platforms.md), answered in Meta's shapes (the
 * fake kit's Meta answers: errors, refusals, throttles with their usage header), kept for the tests, and
 * scripted answers for the next matching request (a route, or an operation id of the table).
 */
export class ThreadsFake extends PlatformFake<ThreadsFakeState, MetaScripted> {
  private constructor(state: ThreadsFakeState) {
    const authority = threadsAuthority(state);
    super(state, {
      platform: 'Threads',
      checker: THREADS_API,
      authority,
      operations: {
        'threads.token.code': authority.token,
        'threads.token.exchange': exchangeForLongLived,
        'threads.token.refresh': refreshLongLived,
        'threads.me': me,
        'threads.container.create': createContainer,
        'threads.publish': publishContainer,
        'threads.media': readMedia,
        'threads.media.insights': mediaInsights,
        'threads.user.threads': listThreads,
        'threads.user.replies': listReplies,
        'threads.user.publishingLimit': publishingLimit,
      },
      // threads.net's consent screen (docs/platforms.md, Threads: `threads.net/oauth/authorize`).
      undescribed: [['GET', '/oauth/authorize', authority.authorizePage]],
      ...metaFakeAnswers(THREADS_PERMISSION_CODE, state.user.id),
    });
  }

  static async start(): Promise<ThreadsFake> {
    return PlatformFake.listen(new ThreadsFake(new ThreadsFakeState()));
  }

  /** A long-lived token as a finished connection would have it, `ageMs` old. */
  longLivedToken(ageMs = 0, scopes: readonly string[] = THREADS_SCOPES): string {
    return this.state.issue('long', scopes, ageMs);
  }

  /** Threads finishes (or fails) processing a container. */
  settle(containerId: string, status: ContainerState, errorMessage: string | null = null): void {
    const container = this.state.containers.get(containerId);
    if (!container) throw new Error(`no container ${containerId}`);
    container.status = status;
    container.errorMessage = errorMessage;
  }

  /** A published post of the profile's with its insights (zeros where none given): what a figures read finds. */
  post(text: string, insights: Readonly<Record<string, number>> = {}): string {
    const { state } = this;
    const id = state.nextId();
    const permalink = `https://www.threads.net/@${state.user.username}/post/C${id}`;
    state.posts.push({ id, userId: state.user.id, containerId: state.nextId(), params: { media_type: 'TEXT', text }, permalink, createdAt: state.now() });
    state.insights.set(id, insights);
    return id;
  }

  /** The form or query parameters of each request to `path`, in order (the token among them). */
  paramsTo(path: string): Array<Record<string, string>> {
    return this.received
      .filter((r) => r.path === path)
      .map((r) => ({ ...Object.fromEntries(r.query), ...Object.fromEntries(new URLSearchParams(r.method === 'POST' ? r.body.toString('utf8') : '')) }));
  }
}
