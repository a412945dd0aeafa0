/**
 * What a `processing` answer leaves to resume from: the container to publish (its id, as
 * Threads names it), or a carousel's item containers still being processed, before the
 * carousel container that names them can be made.
 */
export type ThreadsStep = { readonly kind: 'container'; readonly id: string } | { readonly kind: 'carouselItems'; readonly ids: readonly string[] };

const ITEMS = 'carousel-items:';

export function checkpointOf(step: ThreadsStep): string {
  return step.kind === 'container' ? step.id : `${ITEMS}${step.ids.join(',')}`;
}

export function stepOf(checkpoint: string): ThreadsStep {
  if (!checkpoint.startsWith(ITEMS)) return { kind: 'container', id: checkpoint };
  return { kind: 'carouselItems', ids: checkpoint.slice(ITEMS.length).split(',') };
}
