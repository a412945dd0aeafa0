import { FREE_PLAN, isPaidUp } from '../../domain/billing/Subscription';
import { type Platform } from '../../domain/platform/Platform';
import { type OutstandingAction, outstandingActionOf, type SetupSteps } from '../../domain/workspace/SetupSteps';
import { type WorkspaceSubscriptions } from '../ports/billing/BillingAccounts';
import { type SetupStepsStore } from '../ports/workspaceViews/SetupStepsStore';
import { type WorkspaceReads } from '../ports/workspaceViews/WorkspaceReads';

export interface SetupStatus {
  readonly workspaceId: string;
  readonly connectedPlatforms: Platform[];
  readonly subscription: { readonly plan: string; readonly status: string; readonly paid: boolean };
  readonly optionalSteps: SetupSteps;
  readonly outstandingAction: OutstandingAction;
  readonly onboardingComplete: boolean;
}

/** Whether this install takes payment: a payment provider (Stripe) is configured, not the test mode of the embedded default. */
export interface SetupSettings {
  readonly paymentTaken: boolean;
}

/** GET /v1/me/setup/{workspaceId} (docs/product.md, "Setup status"): three queries. */
export class GetSetupStatus {
  constructor(
    private readonly reads: WorkspaceReads,
    private readonly subscriptions: WorkspaceSubscriptions,
    private readonly steps: SetupStepsStore,
    private readonly settings: SetupSettings = { paymentTaken: true },
  ) {}

  async execute(workspaceId: string): Promise<SetupStatus> {
    // One after the other, as the overview reads: a request holds one pooled connection at a time.
    const connectedPlatforms = await this.reads.activePlatforms(workspaceId);
    const subscription = await this.subscriptions.find(workspaceId);
    const optionalSteps = await this.steps.find(workspaceId);
    const status = subscription?.status ?? 'none';
    const paid = status !== 'none' && isPaidUp(status);
    const outstandingAction = outstandingActionOf(connectedPlatforms.length > 0, paid, this.settings.paymentTaken);
    return {
      workspaceId,
      connectedPlatforms,
      subscription: { plan: subscription?.plan ?? FREE_PLAN, status, paid },
      optionalSteps,
      outstandingAction,
      onboardingComplete: outstandingAction === null,
    };
  }
}
