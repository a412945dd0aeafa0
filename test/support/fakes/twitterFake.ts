import { DescribedApi } from './kit/describedApi';
import { PlatformFake } from './kit/platformFake';
import { notFound, refusal, type ScriptedXAnswer, scripted } from './twitterFakeAnswers';
import { appendUpload, finalizeUpload, initializeUpload, uploadSimple, uploadStatus } from './twitterFakeMedia';
import { postsByIds } from './twitterFakeFigures';
import { mediaMetadata } from './twitterFakeMetadata';
import { xAuthority } from './twitterFakeOAuth';
import { type TweetFigures, TwitterFakeState } from './twitterFakeState';
import { createTweet, usersMe, usersPosts } from './twitterFakeTweets';

/** The scopes the connector's authorize URL asks for: what a finished connection's tokens carry. */
const CONNECTED_SCOPES = ['tweet.read', 'tweet.write', 'users.read', 'offline.access', 'media.write'];

/**
 * A local stand-in for X's v2 API and its OAuth 2.0 server: every request checked against X's
 * own description (x-openapi.json), answered in the description's shapes, kept for the tests,
 * and scripted answers for the next matching request.
 */
export class TwitterFake extends PlatformFake<TwitterFakeState, ScriptedXAnswer> {
  private constructor(state: TwitterFakeState) {
    const authority = xAuthority(state);
    super(state, {
      platform: 'X',
      checker: DescribedApi.fixture('x-openapi.json'),
      authority,
      operations: {
        getUsersMe: usersMe,
        mediaUpload: uploadSimple,
        getMediaUploadStatus: uploadStatus,
        initializeMediaUpload: initializeUpload,
        appendMediaUpload: appendUpload,
        finalizeMediaUpload: finalizeUpload,
        createMediaMetadata: mediaMetadata,
        createPosts: createTweet,
        getUsersPosts: usersPosts,
        getPostsByIds: postsByIds,
      },
      // X's authentication documentation, not its description, covers these.
      undescribed: [
        ['GET', '/i/oauth2/authorize', authority.authorizePage],
        ['POST', '/2/oauth2/token', authority.token],
        ['POST', '/2/oauth2/revoke', authority.revoke],
      ],
      jsonContentType: 'application/json; charset=utf-8',
      refusal,
      notFound: (request) => notFound(request.method, request.path),
      named: scripted,
    });
  }

  static async start(): Promise<TwitterFake> {
    return PlatformFake.listen(new TwitterFake(new TwitterFakeState()));
  }

  /** A tweet of the user's, made at `createdAt` with `figures` (zeros when none): what a figures read finds. */
  tweetOf(text: string, createdAt: Date, figures?: TweetFigures): string {
    const id = this.state.tweetId(createdAt);
    this.state.tweets.push({ id, authorId: this.state.user.id, body: { text }, createdAt });
    if (figures !== undefined) this.state.figures.set(id, figures);
    return id;
  }

  /** Tokens as a finished authorization would have them. */
  tokens(scopes: readonly string[] = CONNECTED_SCOPES): { accessToken: string; refreshToken: string } {
    return this.state.issueTokens(this.state.user.id, scopes);
  }
}
