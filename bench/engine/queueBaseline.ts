import { performance } from 'node:perf_hooks';
import { type PublishJob, type PublishQueue } from '../../application/ports/PublishQueue';
import { type PublishingSettings } from '../../application/publishing/PublishingSettings';

const ENQUEUE_BATCH = 500;

/**
 * The baseline of the engine rows: the queue alone, on the same database in the same run.
 * `loops` loops side by side in this process each claim a round (claimDue, the engine's
 * batch size and lease) and complete every job of it at once, as the engine does, but
 * with no attempt in between: no post read or locked, nothing persisted, no platform call.
 * The jobs are `count` extra ones on the seeded posts (under target ids of their own,
 * due now), so the seeded targets' jobs are not touched. A claim the database ends as a
 * deadlock is tried again at once, as the worker's next tick would (after its poll); how
 * many there were is part of the result.
 */
export async function queueBaseline(
  queue: PublishQueue,
  settings: Pick<PublishingSettings, 'batchSize' | 'leaseMs'>,
  posts: ReadonlyArray<{ readonly workspaceId: string; readonly postId: string }>,
  count: number,
  loops: number,
): Promise<{ readonly jobsPerSecond: number; readonly deadlocks: number }> {
  const now = new Date();
  for (let from = 0; from < count; from += ENQUEUE_BATCH) {
    const jobs: PublishJob[] = [];
    for (let i = from; i < Math.min(from + ENQUEUE_BATCH, count); i++) {
      jobs.push({ ...posts[i % posts.length]!, targetId: `baseline-${String(i).padStart(6, '0')}`, notBefore: now });
    }
    await queue.enqueue(jobs, now);
  }
  let done = 0;
  let deadlocks = 0;
  const claim = async (owner: string) => {
    for (;;) {
      try {
        return await queue.claimDue({ owner, now: new Date(), leaseMs: settings.leaseMs, limit: settings.batchSize });
      } catch (error) {
        if (!isDeadlock(error)) throw error;
        deadlocks++;
      }
    }
  };
  const loop = async (owner: string) => {
    for (;;) {
      const jobs = await claim(owner);
      if (jobs.length === 0) return;
      const completed = await Promise.all(jobs.map((job) => queue.complete(job.targetId, owner)));
      if (completed.some((held) => !held)) throw new Error(`queue baseline: ${owner} lost a lease it had just taken`);
      done += jobs.length;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: loops }, (_, i) => loop(`baseline-${i}`)));
  const seconds = (performance.now() - started) / 1000;
  if (done !== count) throw new Error(`queue baseline: ${done} jobs completed, expected ${count}`);
  return { jobsPerSecond: count / seconds, deadlocks };
}

const isDeadlock = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === 'ER_LOCK_DEADLOCK';
