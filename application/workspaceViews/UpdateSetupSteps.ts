import { type SetupSteps, SETUP_STEPS_MAX, tooManySteps } from '../../domain/workspace/SetupSteps';
import { type Clock } from '../ports/Clock';
import { type UnitOfWork } from '../ports/UnitOfWork';
import { type SetupStepsStore } from '../ports/workspaceViews/SetupStepsStore';

/** PATCH /v1/me/setup/{workspaceId}: merges the steps given into the stored ones, all or nothing. */
export class UpdateSetupSteps {
  constructor(
    private readonly steps: SetupStepsStore,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(workspaceId: string, steps: SetupSteps): Promise<void> {
    await this.unitOfWork.run(async () => {
      const stored = await this.steps.find(workspaceId);
      if (new Set([...Object.keys(stored), ...Object.keys(steps)]).size > SETUP_STEPS_MAX) throw tooManySteps();
      // Counted again after the merge, in its transaction: a concurrent merge past the bound keeps nothing.
      if ((await this.steps.merge(workspaceId, steps, this.clock.now())) > SETUP_STEPS_MAX) throw tooManySteps();
    });
  }
}
