import { PlatformFake } from './kit/platformFake';
import { contentInit, videoInit } from './tiktokFakeInits';
import { notFound, refusal, type ScriptedTikTokAnswer, scripted } from './tiktokFakeAnswers';
import { creatorInfo, statusFetch, userInfo } from './tiktokFakeApi';
import { TIKTOK_DOCUMENTED } from './tiktokFakeDocumented';
import { tiktokAuthority } from './tiktokFakeOAuth';
import { CONNECTED_SCOPES, TikTokFakeState } from './tiktokFakeState';
import { uploadChunk } from './tiktokFakeUpload';
import { videoQuery } from './tiktokFakeVideos';

/**
 * A local stand-in for TikTok's Login Kit and Content Posting API: every request checked
 * against the table taken from TikTok's documentation (DocumentedApi, each row citing its page),
 * bodies, chunk ranges and creator rules held as TikTok holds them, answers in TikTok's shapes,
 * and scripted answers for the next matching request.
 */
export class TikTokFake extends PlatformFake<TikTokFakeState, ScriptedTikTokAnswer> {
  private constructor(state: TikTokFakeState) {
    const authority = tiktokAuthority(state);
    super(state, {
      platform: 'TikTok',
      checker: TIKTOK_DOCUMENTED,
      authority,
      operations: {
        'oauth.token': authority.token,
        'oauth.revoke': authority.revoke,
        'user.info': userInfo,
        'post.publish.creator_info.query': creatorInfo,
        'post.publish.video.init': videoInit,
        'post.publish.content.init': contentInit,
        'post.publish.status.fetch': statusFetch,
        'video.query': videoQuery,
      },
      // The consent screen (www.tiktok.com) and the upload_url TikTok hands out are not the Open API.
      undescribed: [
        ['GET', '/v2/auth/authorize/', authority.authorizePage],
        ['PUT', '/video/', uploadChunk],
      ],
      refusal,
      notFound: (request) => notFound(request.method, request.path),
      named: scripted,
    });
  }

  static async start(): Promise<TikTokFake> {
    return PlatformFake.listen(new TikTokFake(new TikTokFakeState()));
  }

  /** Tokens as a finished authorization would have them. */
  tokens(scopes: readonly string[] = CONNECTED_SCOPES): { accessToken: string; refreshToken: string } {
    return this.state.issueTokens(this.state.creator.openId, scopes);
  }
}
