import { invalidRequest, mediaNotFound } from './twitterFakeAnswers';
import { userOf, type XCall } from './twitterFakeTweets';

/** `POST /2/media/metadata` (createMediaMetadata) `{id, metadata: {alt_text: {text}}}`: alt text for images and GIFs. */
export function mediaMetadata(call: XCall) {
  if (!userOf(call)) return;
  const request = call.json() as { id?: unknown; metadata?: { alt_text?: { text?: unknown } } } | null;
  const media = call.state.media.get(String(request?.id));
  if (!media) return call.send(mediaNotFound(String(request?.id)));
  const text = request?.metadata?.alt_text?.text;
  if (typeof text !== 'string') return call.send(invalidRequest('metadata.alt_text.text is required'));
  if (!['tweet_image', 'tweet_gif'].includes(media.category)) return call.send(invalidRequest('alt text is for images and GIFs'));
  media.altText = text;
  call.answer(200, { data: { id: media.id, associated_metadata: { alt_text: { text } } } });
}
