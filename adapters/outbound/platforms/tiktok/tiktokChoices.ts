import { type PublishOutcome, type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';
import { type SettingsValuesOf } from '../../../../domain/platform/Platform';
import { failedCall, RETRY_SECONDS } from '../kit/outcomes';
import { callOpenApi, dataOf, saidNothing, TIKTOK_ERRORS, type TikTokSettings } from './tiktokApi';

export type TikTokChoices = SettingsValuesOf<'TIKTOK'>;

/** What the creator may choose, from `POST /v2/post/publish/creator_info/query/`. */
export interface CreatorInfo {
  readonly username: string | null;
  readonly privacyOptions: readonly string[];
  readonly commentDisabled: boolean;
  readonly duetDisabled: boolean;
  readonly stitchDisabled: boolean;
  readonly maxVideoSeconds: number | null;
}

export type CreatorInfoResult = { readonly ok: true; readonly info: CreatorInfo } | { readonly ok: false; readonly outcome: PublishOutcome };

/**
 * `POST /v2/post/publish/creator_info/query/` (no body): the privacy levels this creator may
 * use now, the interactions they turned off and their longest video. It only asks, so a failure
 * is tried again, but for TikTok's refusals: it answers a creator who cannot post now
 * (`spam_risk_too_many_posts`, `spam_risk_user_banned_from_posting`, `reached_active_user_cap`)
 * with status 200 and the code (docs/platforms.md, TikTok review 1), refused with TikTok's reason.
 */
export async function queryCreatorInfo(settings: TikTokSettings, accessToken: string): Promise<CreatorInfoResult> {
  const answer = await callOpenApi(settings, accessToken, '/v2/post/publish/creator_info/query/');
  const data = dataOf(answer);
  if (data === null) {
    if (saidNothing(answer))
      return { ok: false, outcome: { kind: 'retryLater', afterSeconds: RETRY_SECONDS, reason: 'TikTok did not say what this creator may post' } };
    return { ok: false, outcome: failedCall(answer, 'preparing', TIKTOK_ERRORS, settings.now()) };
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

/** The narrowest audience and every interaction off when the settings are not TikTok's (docs/decisions.md, "Platforms"). */
const NARROWEST: TikTokChoices = { privacy: 'SELF_ONLY', allowComments: false, allowDuet: false, allowStitch: false, promotionContent: 'NONE' };

export function choicesOf(segment: SegmentToPublish): TikTokChoices {
  return segment.settings.platform === 'TIKTOK' ? segment.settings.values : NARROWEST;
}

/**
 * TikTok counts a caption in UTF-16 units ("runes"): a video's title up to 2200, a photo post's
 * description up to 4000 (docs/platforms.md, TikTok review 3). The domain counts 2200 code
 * points, so a caption with emoji can pass there and not here; refused before anything is sent.
 */
const CAPTION_UNITS = { video: 2200, photo: 4000 } as const;

export function captionRefusal(text: string, kind: 'video' | 'photo'): string | null {
  const limit = CAPTION_UNITS[kind];
  if (text.length <= limit) return null;
  return `TikTok takes a ${kind} caption of at most ${limit} UTF-16 units (an emoji counts two); this one has ${text.length}`;
}

/** Why TikTok would refuse these choices for this creator, before anything is sent; null when it would not. */
export function refusalOf(info: CreatorInfo, choices: TikTokChoices, videoSeconds: number | null): string | null {
  if (!info.privacyOptions.includes(choices.privacy)) {
    const offered = info.privacyOptions.length > 0 ? info.privacyOptions.join(', ') : 'none';
    return (
      `TikTok does not offer the privacy level ${choices.privacy} to this creator (offered: ${offered}); ` +
      'an app TikTok has not audited may only post SELF_ONLY'
    );
  }
  if (paidPartnership(choices) && choices.privacy === 'SELF_ONLY') {
    return 'TikTok does not let branded content (a paid partnership) be private: choose a wider privacy level';
  }
  if (videoSeconds !== null && info.maxVideoSeconds !== null && videoSeconds > info.maxVideoSeconds) {
    return `the video lasts ${Math.ceil(videoSeconds)} s; TikTok lets this creator post videos of up to ${info.maxVideoSeconds} s`;
  }
  return null;
}

const paidPartnership = (choices: TikTokChoices) => choices.promotionContent === 'PAID' || choices.promotionContent === 'BOTH';

/**
 * The brand disclosure flags: `brand_organic_toggle` for the creator's own business,
 * `brand_content_toggle` for a paid partnership with a third party.
 */
function brandFlags(choices: TikTokChoices) {
  const ownBrand = choices.promotionContent === 'SELF' || choices.promotionContent === 'BOTH';
  return { brand_content_toggle: paidPartnership(choices), brand_organic_toggle: ownBrand };
}

/** A video's `post_info`: the text is its title; an interaction the creator turned off stays off. */
export function videoPostInfo(text: string, choices: TikTokChoices, info: CreatorInfo, coverSeconds: number | null): object {
  return {
    title: text,
    privacy_level: choices.privacy,
    disable_comment: info.commentDisabled || !choices.allowComments,
    disable_duet: info.duetDisabled || !choices.allowDuet,
    disable_stitch: info.stitchDisabled || !choices.allowStitch,
    ...(coverSeconds !== null ? { video_cover_timestamp_ms: Math.round(coverSeconds * 1000) } : {}),
    ...brandFlags(choices),
  };
}

/** A photo post's `post_info`: TikTok caps a photo title at 90 characters, so the text is its description. */
export function photoPostInfo(text: string, choices: TikTokChoices, info: CreatorInfo): object {
  return {
    description: text,
    privacy_level: choices.privacy,
    disable_comment: info.commentDisabled || !choices.allowComments,
    auto_add_music: false,
    ...brandFlags(choices),
  };
}
