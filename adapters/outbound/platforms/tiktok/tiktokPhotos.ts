import { type MediaAccess } from '../../../../application/ports/platforms/PlatformConnector';
import { type MediaToPublish, type PublishOutcome } from '../../../../application/ports/PlatformPublisher';
import { callOpenApi, dataOf } from './TikTokHttp';
import { type TikTokSettings } from './TikTokOptions';
import { failedCallOutcome } from './tiktokOutcomes';
import { processing } from './tiktokStatus';

/**
 * Photos by direct post: `POST /v2/post/publish/content/init/` with `media_type` PHOTO. TikTok
 * takes photos only by pulling them (PULL_FROM_URL), here the library's signed links, which
 * TikTok fetches only from a domain verified for the app (`url_ownership_unverified`
 * otherwise). TikTok fetches them itself once it has the request, so a call that may have
 * reached it and got no clear answer is `outcomeUnknown`.
 */
export async function postPhotos(
  settings: TikTokSettings,
  accessToken: string,
  postInfo: object,
  items: readonly MediaToPublish[],
  media: MediaAccess,
): Promise<PublishOutcome> {
  const links = await Promise.all(items.map((item) => media.link(item.id)));
  const init = await callOpenApi(settings, accessToken, '/v2/post/publish/content/init/', {
    post_info: postInfo,
    source_info: { source: 'PULL_FROM_URL', photo_cover_index: 0, photo_images: links },
    post_mode: 'DIRECT_POST',
    media_type: 'PHOTO',
  });
  const data = dataOf(init);
  if (data === null) {
    if (init.kind === 'answered' && init.status === 200)
      return { kind: 'outcomeUnknown', reason: 'publish outcome unknown: TikTok answered without saying', statusCode: 200 };
    return failedCallOutcome(init, 'creating');
  }
  if (typeof data.publish_id !== 'string') {
    return { kind: 'outcomeUnknown', reason: 'publish outcome unknown: TikTok took the photos without naming the post', statusCode: 200 };
  }
  return processing(data.publish_id, 'TikTok is fetching and processing the photos');
}
