import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { type PlatformPublisher, type PublishOutcome, type SegmentToPublish } from '../../application/ports/PlatformPublisher';

/**
 * A zero-latency publisher for the engine bench: each call appends `call <targetId> <pid>
 * <epoch ms>` to the file `callLog` (one append per line, so several processes never mix
 * their lines) and answers published at once.
 */
export class TimedCallPublisher implements PlatformPublisher {
  constructor(private readonly callLog: string) {}

  async publish(segment: SegmentToPublish): Promise<PublishOutcome> {
    const calledAt = performance.timeOrigin + performance.now();
    const targetId = segment.idempotencyKey.split(':')[0]!;
    fs.appendFileSync(this.callLog, `call ${targetId} ${process.pid} ${calledAt.toFixed(3)}\n`);
    const platformPostId = `pp_${targetId}`;
    return { kind: 'published', platformPostId, platformPostUrl: `https://platform.test/p/${platformPostId}`, postedAt: new Date() };
  }
}

export interface TimedCall {
  readonly targetId: string;
  readonly pid: number;
  readonly atMs: number;
}

/** Every call the log holds, in the order they were written. */
export function readTimedCalls(callLog: string): TimedCall[] {
  if (!fs.existsSync(callLog)) return [];
  return fs
    .readFileSync(callLog, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('call '))
    .map((line) => {
      const [, targetId, pid, at] = line.split(' ');
      return { targetId: targetId!, pid: Number(pid), atMs: Number(at) };
    });
}

/** How many calls the log holds, without parsing it. */
export function countTimedCalls(callLog: string): number {
  if (!fs.existsSync(callLog)) return 0;
  const text = fs.readFileSync(callLog, 'utf8');
  let lines = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
  return lines;
}
