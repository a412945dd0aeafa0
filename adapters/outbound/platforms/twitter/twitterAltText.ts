import { type PublishOutcome } from '../../../../application/ports/PlatformPublisher';
import { bearerJson, callX } from './TwitterHttp';
import { type TwitterSettings } from './TwitterOptions';
import { failedCallOutcome } from './twitterOutcomes';

/** X takes alt text of up to 1,000 characters, for images and GIFs. */
const ALT_TEXT_LIMIT = 1000;

/** `POST /2/media/metadata` `{id, metadata: {alt_text: {text}}}`, before the tweet names the media; null when done. */
export async function describeMedia(settings: TwitterSettings, accessToken: string, mediaId: string, altText: string): Promise<PublishOutcome | null> {
  const answer = await callX(settings, {
    method: 'POST',
    url: `${settings.apiBaseUrl}/2/media/metadata`,
    headers: bearerJson(accessToken),
    body: JSON.stringify({ id: mediaId, metadata: { alt_text: { text: [...altText].slice(0, ALT_TEXT_LIMIT).join('') } } }),
  });
  if (answer.kind === 'answered' && answer.status >= 200 && answer.status <= 299) return null;
  return failedCallOutcome(answer, 'preparing', settings.now());
}
