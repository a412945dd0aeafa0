import { type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';

/** The Dispatch setting to X's `reply_settings`; everyone is X's default and is not sent. */
const REPLY_SETTINGS = { everyone: null, following: 'following', mentioned: 'mentionedUsers' } as const;

function replySettingsOf(segment: SegmentToPublish): string | null {
  if (segment.settings.platform !== 'TWITTER') return null;
  return REPLY_SETTINGS[segment.settings.values.replyRestriction] ?? null;
}

/**
 * The body of `POST /2/tweets`. Later segments reply to the one before (a thread). Who may
 * reply is set on the thread's first tweet, the one the audience replies to.
 */
export function tweetBody(segment: SegmentToPublish, mediaIds: readonly string[]): object {
  const replySettings = segment.segmentIndex === 0 ? replySettingsOf(segment) : null;
  return {
    ...(segment.text.length > 0 ? { text: segment.text } : {}),
    ...(segment.replyToPlatformPostId !== null ? { reply: { in_reply_to_tweet_id: segment.replyToPlatformPostId } } : {}),
    ...(mediaIds.length > 0 ? { media: { media_ids: [...mediaIds] } } : {}),
    ...(replySettings !== null ? { reply_settings: replySettings } : {}),
  };
}
