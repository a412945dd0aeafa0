import { type PublishAttempt } from '../../../../application/ports/AttemptLog';

/** One platform call for a target, as posts.targetAttempts answers it (the MCP server's target tools too). */
export function presentAttempt(a: PublishAttempt) {
  return {
    id: a.id,
    attempt: a.attempt,
    segmentIndex: a.segmentIndex,
    startedAt: a.startedAt?.toISOString() ?? null,
    finishedAt: a.finishedAt.toISOString(),
    outcome: a.outcome,
    error: a.error,
    statusCode: a.statusCode,
    platformPostId: a.platformPostId,
    readBack: a.readBack,
  };
}
