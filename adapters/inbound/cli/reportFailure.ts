import { DomainError } from '../../../domain/shared/DomainError';
import { EnvironmentError } from './EnvironmentError';
import { UsageError } from './UsageError';

export const EXIT_OK = 0;
export const EXIT_REFUSED = 1;
export const EXIT_USAGE = 2;

export interface Failure {
  readonly exitCode: number;
  readonly code: string;
  readonly message: string;
}

/** Any thrown value becomes a code and one line of text: never a stack trace. */
export function describeFailure(error: unknown): Failure {
  if (error instanceof UsageError) {
    return { exitCode: EXIT_USAGE, code: error.code, message: `${error.message} (run "npm run -s admin -- help" for usage)` };
  }
  if (error instanceof DomainError || error instanceof EnvironmentError) {
    return { exitCode: EXIT_REFUSED, code: error.code, message: error.message };
  }
  const reason = error instanceof Error ? error.message : String(error);
  return { exitCode: EXIT_REFUSED, code: 'internal_error', message: `unexpected failure: ${oneLine(reason)}` };
}

export function formatFailure(failure: Failure, asJson: boolean): string {
  if (asJson) return `${JSON.stringify({ error: { code: failure.code, message: failure.message } })}\n`;
  return `error: ${oneLine(failure.message)} [${failure.code}]\n`;
}

const oneLine = (text: string): string => text.replace(/\s*\n\s*/g, ' ').trim();
