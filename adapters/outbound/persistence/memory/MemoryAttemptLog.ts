import { type AttemptLog, COUNTED_OUTCOMES, type PublishAttempt } from '../../../../application/ports/AttemptLog';

/** The attempt log in this process's memory: for a single instance and the unit tests. */
export class MemoryAttemptLog implements AttemptLog {
  private readonly attempts: PublishAttempt[] = [];

  async record(attempt: PublishAttempt): Promise<void> {
    this.attempts.push({ ...attempt });
  }

  async listForTarget(workspaceId: string, targetId: string): Promise<PublishAttempt[]> {
    return this.attempts
      .filter((a) => a.workspaceId === workspaceId && a.targetId === targetId)
      .sort((a, b) => a.finishedAt.getTime() - b.finishedAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map((a) => ({ ...a }));
  }

  async hasCallFor(targetId: string, segmentIndex: number): Promise<boolean> {
    return this.attempts.some((a) => a.targetId === targetId && a.segmentIndex === segmentIndex);
  }

  async postsAfter(connectionId: string, after: Date): Promise<Date[]> {
    return this.attempts
      .filter((a) => a.connectionId === connectionId && a.segmentIndex === 0 && COUNTED_OUTCOMES.includes(a.outcome))
      .filter((a) => a.finishedAt.getTime() > after.getTime())
      .map((a) => a.finishedAt)
      .sort((a, b) => a.getTime() - b.getTime());
  }
}
