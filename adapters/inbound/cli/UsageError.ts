/**
 * The command line itself is malformed (unknown command or flag, a missing flag or value):
 * nothing ran. Kept apart from DomainError, which means the operation was refused.
 */
export class UsageError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'UsageError';
  }
}
