import { validationError } from './DomainError';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Emails are compared case-insensitively, so they are kept lower-cased. */
export function normalizeEmail(raw: string, path = 'email'): string {
  const email = raw.trim().toLowerCase();
  if (!EMAIL.test(email) || email.length > 254) {
    throw validationError('invalid_email', [{ path, message: 'must be an email address' }]);
  }
  return email;
}
