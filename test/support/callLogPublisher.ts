import fs from 'node:fs';
import { type PlatformPublisher, type PublishOutcome, type SegmentToPublish } from '../../application/ports/PlatformPublisher';

/** Text that makes the publisher hold its call until the release file appears. */
export const HOLD_MARKER = '[hold]';

/** The target a call is for: the first part of its idempotency key (target, segment, attempt). */
export const targetOfCall = (segment: SegmentToPublish): string => segment.idempotencyKey.split(':')[0]!;

/**
 * A test publisher shared by worker processes: every call appends `call <targetId> <pid>` to
 * the file `callLog` (one append per line, so lines from several processes never mix), then
 * answers published. A segment whose text holds HOLD_MARKER first appends `held …` and waits
 * until the file `<callLog>.release` exists: the call a test kills or drains a worker in.
 */
export class CallLogPublisher implements PlatformPublisher {
  constructor(private readonly callLog: string) {}

  async publish(segment: SegmentToPublish): Promise<PublishOutcome> {
    const targetId = targetOfCall(segment);
    fs.appendFileSync(this.callLog, `call ${targetId} ${process.pid}\n`);
    if (segment.text.includes(HOLD_MARKER)) {
      fs.appendFileSync(this.callLog, `held ${targetId} ${process.pid}\n`);
      while (!fs.existsSync(`${this.callLog}.release`)) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const platformPostId = `pp_${targetId}`;
    return { kind: 'published', platformPostId, platformPostUrl: `https://platform.test/p/${platformPostId}`, postedAt: new Date() };
  }
}

/** The call log's lines of one kind (`call` or `held`), as target id and pid. */
export function callLogLines(callLog: string, kind: 'call' | 'held'): Array<{ targetId: string; pid: number }> {
  if (!fs.existsSync(callLog)) return [];
  return fs
    .readFileSync(callLog, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith(`${kind} `))
    .map((line) => {
      const [, targetId, pid] = line.split(' ');
      return { targetId: targetId!, pid: Number(pid) };
    });
}
