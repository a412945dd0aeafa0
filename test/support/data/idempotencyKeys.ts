/**
 * Idempotency-Key values: `label-0001`, `label-0002`, … Each call of the returned function
 * gives the next, so keys never collide within a run and are the same at every run.
 */
export function idempotencyKeys(label: string): () => string {
  let count = 0;
  return () => `${label}-${String(++count).padStart(4, '0')}`;
}
