import { type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';
import { type SettingsValuesOf } from '../../../../domain/platform/Platform';

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

/** The narrowest audience and every interaction off when the settings are not TikTok's (docs/decisions.md, "Platforms"). */
const NARROWEST: TikTokChoices = { privacy: 'SELF_ONLY', allowComments: false, allowDuet: false, allowStitch: false, promotionContent: 'NONE' };

export function choicesOf(segment: SegmentToPublish): TikTokChoices {
  return segment.settings.platform === 'TIKTOK' ? segment.settings.values : NARROWEST;
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
