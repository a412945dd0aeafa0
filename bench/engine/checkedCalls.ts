import { type TimedCall } from './timedCallPublisher';

/**
 * The calls, once it is certain that each of `targetIds` was called exactly once and
 * nothing else was: the bench stops with the first few offenders otherwise.
 */
export function checkedCalls(calls: readonly TimedCall[], targetIds: readonly string[]): readonly TimedCall[] {
  const perTarget = new Map<string, number>();
  for (const call of calls) perTarget.set(call.targetId, (perTarget.get(call.targetId) ?? 0) + 1);
  const expected = new Set(targetIds);
  const twice = [...perTarget].filter(([, n]) => n > 1).map(([id, n]) => `${id} ×${n}`);
  const unknown = [...perTarget.keys()].filter((id) => !expected.has(id));
  const missing = targetIds.filter((id) => !perTarget.has(id));
  if (twice.length + unknown.length + missing.length > 0) {
    const few = (ids: readonly string[]) => `${ids.length} (${ids.slice(0, 5).join(', ')}${ids.length > 5 ? ', …' : ''})`;
    throw new Error(
      `engine bench: targets called more than once ${few(twice)}, calls for unknown targets ${few(unknown)}, targets never called ${few(missing)}`,
    );
  }
  return calls;
}
