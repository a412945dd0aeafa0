import { type SetupSteps } from '../../../domain/workspace/SetupSteps';

/** Each workspace's optional setup steps, as PATCH /v1/me/setup/{workspaceId} wrote them. */
export interface SetupStepsStore {
  find(workspaceId: string): Promise<SetupSteps>;
  /** Adds or overwrites the given steps, keeping the others; answers how many the workspace holds after. */
  merge(workspaceId: string, steps: SetupSteps, now: Date): Promise<number>;
}
