import { type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';
import { type UploadedMedia } from './linkedInMedia';

/**
 * LinkedIn reads `commentary` as "little text", where these characters are markup; each is
 * escaped with a backslash so the text is published as written. A `#` that starts a word
 * stays a hashtag, as the author meant it.
 */
const LITTLE_TEXT_RESERVED = /[\\|{}@[\]()<>*_~]|#(?![\p{L}\p{N}])/gu;

export const asLittleText = (text: string): string => text.replace(LITTLE_TEXT_RESERVED, (c) => `\\${c}`);

export function visibilityOf(segment: SegmentToPublish): 'PUBLIC' | 'CONNECTIONS' {
  // The narrowest audience when the settings are not LinkedIn's (docs/decisions.md, "Platforms").
  return segment.settings.platform === 'LINKEDIN' ? segment.settings.values.visibility : 'CONNECTIONS';
}

/** Alt text is for images; a video is named alone. */
const mediaRef = (item: UploadedMedia) => (item.kind === 'image' && item.altText ? { id: item.id, altText: item.altText } : { id: item.id });

function contentOf(media: readonly UploadedMedia[]): object | undefined {
  if (media.length === 0) return undefined;
  if (media.length === 1) return { media: mediaRef(media[0]) };
  return { multiImage: { images: media.map(mediaRef) } };
}

/** The body of `POST /rest/posts`: an organic post on the main feed, published at once. */
export function postBody(segment: SegmentToPublish, author: string, media: readonly UploadedMedia[]): object {
  const content = contentOf(media);
  return {
    author,
    commentary: asLittleText(segment.text),
    visibility: visibilityOf(segment),
    distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
    ...(content ? { content } : {}),
    lifecycleState: 'PUBLISHED',
    isReshareDisabledByAuthor: false,
  };
}
