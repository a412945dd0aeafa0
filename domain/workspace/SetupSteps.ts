import { validationError } from '../shared/DomainError';

/** What a setup step can be marked (docs/spec.md, "States and transitions"). */
export const SETUP_STEP_VALUES = ['completed', 'skipped'] as const;
export type SetupStepValue = (typeof SETUP_STEP_VALUES)[number];
export type SetupSteps = Readonly<Record<string, SetupStepValue>>;

/** A workspace holds at most this many optional steps; a step's key is 1–64 of [a-z0-9_-] (docs/decisions.md, "The account surface"). */
export const SETUP_STEPS_MAX = 50;
export const SETUP_STEP_KEY = /^[a-z0-9_-]{1,64}$/;

const isStepValue = (value: unknown): value is SetupStepValue => typeof value === 'string' && (SETUP_STEP_VALUES as readonly string[]).includes(value);

/** The `optionalSteps` of PATCH /v1/me/setup/{workspaceId}: each step to completed or skipped; a 422 naming the step otherwise. */
export function parseSetupSteps(steps: Readonly<Record<string, unknown>>): SetupSteps {
  const problems = Object.entries(steps).flatMap(([key, value]) => [
    ...(SETUP_STEP_KEY.test(key) ? [] : [{ path: `optionalSteps.${key}`, message: 'a step is 1 to 64 characters of a-z, 0-9, _ and -' }]),
    ...(isStepValue(value) ? [] : [{ path: `optionalSteps.${key}`, message: 'must be completed or skipped' }]),
  ]);
  if (problems.length > 0) throw validationError('invalid_setup_steps', problems);
  if (Object.keys(steps).length > SETUP_STEPS_MAX) throw tooManySteps();
  return { ...(steps as SetupSteps) };
}

export const tooManySteps = () =>
  validationError('too_many_setup_steps', [{ path: 'optionalSteps', message: `a workspace holds at most ${SETUP_STEPS_MAX} steps` }]);

export type OutstandingAction = 'connect_account' | 'complete_payment' | null;

/**
 * docs/product.md, "Setup status": connect an account first, then pay where payment is taken;
 * nothing left means onboarding is complete. An install taking no payment (no payment provider
 * configured) never asks for one.
 */
export function outstandingActionOf(hasActiveConnection: boolean, paid: boolean, paymentTaken = true): OutstandingAction {
  if (!hasActiveConnection) return 'connect_account';
  if (paymentTaken && !paid) return 'complete_payment';
  return null;
}
