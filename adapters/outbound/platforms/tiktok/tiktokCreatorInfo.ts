import { type PublishOutcome } from '../../../../application/ports/PlatformPublisher';
import { type CreatorInfo } from './tiktokChoices';
import { callOpenApi, dataOf } from './TikTokHttp';
import { type TikTokSettings } from './TikTokOptions';
import { DEFAULT_RETRY_SECONDS, failedCallOutcome } from './tiktokOutcomes';

export type CreatorInfoResult = { readonly ok: true; readonly info: CreatorInfo } | { readonly ok: false; readonly outcome: PublishOutcome };

/**
 * `POST /v2/post/publish/creator_info/query/` (no body): the privacy levels this creator may
 * use now, the interactions they turned off and their longest video. It only asks, so any
 * failure can be tried again.
 */
export async function queryCreatorInfo(settings: TikTokSettings, accessToken: string): Promise<CreatorInfoResult> {
  const answer = await callOpenApi(settings, accessToken, '/v2/post/publish/creator_info/query/');
  const data = dataOf(answer);
  if (data === null) {
    if (answer.kind === 'answered' && answer.status === 200) {
      return { ok: false, outcome: { kind: 'retryLater', afterSeconds: DEFAULT_RETRY_SECONDS, reason: 'TikTok did not say what this creator may post' } };
    }
    return { ok: false, outcome: failedCallOutcome(answer, 'reading') };
  }
  const options = Array.isArray(data.privacy_level_options) ? data.privacy_level_options.filter((o): o is string => typeof o === 'string') : [];
  return {
    ok: true,
    info: {
      username: typeof data.creator_username === 'string' && data.creator_username ? data.creator_username : null,
      privacyOptions: options,
      commentDisabled: data.comment_disabled === true,
      duetDisabled: data.duet_disabled === true,
      stitchDisabled: data.stitch_disabled === true,
      maxVideoSeconds: typeof data.max_video_post_duration_sec === 'number' ? data.max_video_post_duration_sec : null,
    },
  };
}
