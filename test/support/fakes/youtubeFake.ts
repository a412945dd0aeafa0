import { DiscoveryApi } from './kit/discoveryApi';
import { PlatformFake } from './kit/platformFake';
import { type SeenRequest } from './kit/RequestChecker';
import { notFound, refusal, type ScriptedGoogleAnswer, scripted } from './youtubeFakeAnswers';
import { channelsList, commentThreadsInsert, commentThreadsList, playlistItemsList, videosList } from './youtubeFakeApi';
import { googleAuthority } from './youtubeFakeOAuth';
import { ALL_SCOPES, YouTubeFakeState } from './youtubeFakeState';
import { videosInsert } from './youtubeFakeUploads';

/**
 * A local stand-in for the YouTube Data API and Google's OAuth 2.0 server: every Data API
 * request checked against Google's discovery document (youtube-v3-discovery.json), answered in
 * its shapes and Google's error object, the resumable protocol's byte ranges held as Google
 * holds them, and scripted answers for the next matching request.
 */
export class YouTubeFake extends PlatformFake<YouTubeFakeState, ScriptedGoogleAnswer> {
  private constructor(state: YouTubeFakeState) {
    const authority = googleAuthority(state);
    super(state, {
      platform: 'YouTube',
      checker: DiscoveryApi.load('youtube-v3-discovery.json'),
      authority,
      operations: {
        'youtube.channels.list': channelsList,
        'youtube.videos.insert': videosInsert,
        'youtube.videos.list': videosList,
        'youtube.playlistItems.list': playlistItemsList,
        'youtube.commentThreads.insert': commentThreadsInsert,
        'youtube.commentThreads.list': commentThreadsList,
      },
      // Google's OAuth 2.0 documentation, not a discovery document, covers these.
      undescribed: [
        ['GET', '/o/oauth2/v2/auth', authority.authorizePage],
        ['POST', '/token', authority.token],
        ['POST', '/revoke', authority.revoke],
      ],
      jsonContentType: 'application/json; charset=UTF-8',
      refusal,
      notFound: (request) => notFound(request.method, request.path),
      named: scripted,
    });
  }

  static async start(): Promise<YouTubeFake> {
    return PlatformFake.listen(new YouTubeFake(new YouTubeFakeState()));
  }

  /** Tokens as a finished consent would have them. */
  tokens(scopes: readonly string[] = ALL_SCOPES): { accessToken: string; refreshToken: string } {
    return this.state.issueTokens(this.state.userId, scopes);
  }

  /**
   * The next chunk `when` accepts: Google keeps its first `keepBytes` (it may keep less than it
   * was sent; none without), then the connection drops without an answer.
   */
  dropChunk(when: (request: SeenRequest) => boolean, keepBytes?: number): void {
    if (keepBytes !== undefined) this.state.partialKeeps.push({ when, bytes: keepBytes });
    this.answerNext('PUT /upload/youtube/v3/videos', { kind: keepBytes === undefined ? 'dropAfterRecording' : 'actThenDrop' }, when);
  }
}
