import { type AppBskyRichtextFacet, RichText } from '@atproto/api';

const MENTION = 'app.bsky.richtext.facet#mention';

/**
 * Links and hashtags of a text as facets (byte ranges), found without any request. Mentions are
 * left as plain text: a mention facet needs the handle resolved to a DID first.
 */
export function linkFacetsFor(text: string): AppBskyRichtextFacet.Main[] | undefined {
  const richText = new RichText({ text });
  richText.detectFacetsWithoutResolution();
  const facets = (richText.facets ?? [])
    .map((facet) => ({ ...facet, features: facet.features.filter((feature) => feature.$type !== MENTION) }))
    .filter((facet) => facet.features.length > 0);
  return facets.length > 0 ? facets : undefined;
}
