import { type ServerResponse } from 'node:http';
import { sendInvalid, sendJson, sendProblem } from './twitterFakeAnswers';
import { type TwitterFakeState } from './twitterFakeState';
import { bearerToken, type FakeXRequest } from './twitterFakeTweets';

/** `POST /2/media/metadata` `{id, metadata: {alt_text: {text}}}`: alt text up to 1,000 characters, for images and GIFs. */
export function mediaMetadata(state: TwitterFakeState, { message, body }: FakeXRequest, response: ServerResponse) {
  if (!bearerToken(state, message, response, 'media.write')) return;
  let request: { id?: unknown; metadata?: { alt_text?: { text?: unknown } } };
  try {
    request = JSON.parse(body.toString('utf8'));
  } catch {
    return sendInvalid(response, 'the body is not JSON');
  }
  const media = state.media.get(String(request.id));
  if (!media) return sendProblem(response, 404, 'Not Found Error', 'Could not find media');
  const text = request.metadata?.alt_text?.text;
  if (typeof text !== 'string' || [...text].length > 1000) return sendInvalid(response, 'metadata.alt_text.text must be at most 1000 characters');
  if (!['tweet_image', 'tweet_gif'].includes(media.category)) return sendInvalid(response, 'alt text is for images and GIFs');
  media.altText = text;
  sendJson(response, 200, { data: { id: media.id, associated_metadata: { alt_text: { text } } } });
}
