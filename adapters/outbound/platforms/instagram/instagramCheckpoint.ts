/**
 * Where a post stands while Instagram processes its media, kept as the segment's checkpoint:
 * one container to check and publish, or a carousel's item containers to check before the
 * carousel container itself is made.
 */
export type PostCheckpoint = { readonly kind: 'container'; readonly id: string } | { readonly kind: 'carouselItems'; readonly ids: readonly string[] };

const CONTAINER = 'container:';
const CAROUSEL_ITEMS = 'carousel-items:';

export function encodeCheckpoint(checkpoint: PostCheckpoint): string {
  return checkpoint.kind === 'container' ? `${CONTAINER}${checkpoint.id}` : `${CAROUSEL_ITEMS}${checkpoint.ids.join(',')}`;
}

/** Null for no checkpoint, or one this connector did not write. */
export function decodeCheckpoint(text: string | null): PostCheckpoint | null {
  if (text?.startsWith(CONTAINER)) return { kind: 'container', id: text.slice(CONTAINER.length) };
  if (text?.startsWith(CAROUSEL_ITEMS)) {
    const ids = text
      .slice(CAROUSEL_ITEMS.length)
      .split(',')
      .filter((id) => id.length > 0);
    return ids.length > 0 ? { kind: 'carouselItems', ids } : null;
  }
  return null;
}
