/**
 * The operator's environment cannot serve a well-formed command (a bad configuration
 * value): nothing ran, and the fix is outside the command line. Exits 1, like a refusal.
 */
export class EnvironmentError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'EnvironmentError';
  }
}
