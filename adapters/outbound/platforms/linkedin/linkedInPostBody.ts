import { type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';
import { type UploadedImage } from './linkedInImages';

/**
 * LinkedIn reads `commentary` as "little text", where these characters are markup; each is
 * escaped with a backslash so the text is published as written.
 */
const LITTLE_TEXT_RESERVED = /[\\|{}@[\]()<>#*_~]/g;

export const asLittleText = (text: string): string => text.replace(LITTLE_TEXT_RESERVED, (c) => `\\${c}`);

export function visibilityOf(segment: SegmentToPublish): 'PUBLIC' | 'CONNECTIONS' {
  // The narrowest audience when the settings are not LinkedIn's (docs/decisions.md, "Platforms").
  return segment.settings.platform === 'LINKEDIN' ? segment.settings.values.visibility : 'CONNECTIONS';
}

const imageRef = (image: UploadedImage) => (image.altText ? { id: image.id, altText: image.altText } : { id: image.id });

function contentOf(images: readonly UploadedImage[]): object | undefined {
  if (images.length === 0) return undefined;
  if (images.length === 1) return { media: imageRef(images[0]) };
  return { multiImage: { images: images.map(imageRef) } };
}

/** The body of `POST /rest/posts`: an organic post on the main feed, published at once. */
export function postBody(segment: SegmentToPublish, author: string, images: readonly UploadedImage[]): object {
  const content = contentOf(images);
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
