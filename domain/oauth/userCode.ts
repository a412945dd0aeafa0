/**
 * User codes (RFC 8628 §6.1): eight consonants of an alphabet with no vowels (no words), no
 * look-alikes, shown as XXXX-XXXX; typed in any case, with or without dashes and spaces.
 * 20^8 ≈ 2.6e10 codes, with a handful of guesses per person before a lockout.
 */
export const USER_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';
export const USER_CODE_LENGTH = 8;

/** The code as a person is shown it. */
export const displayUserCode = (code: string): string => `${code.slice(0, 4)}-${code.slice(4)}`;

/** What a person typed, in the form codes are stored in; null when it cannot be a code at all. */
export function normalizeUserCode(typed: string): string | null {
  const letters = typed.toUpperCase().replace(/[\s-]/g, '');
  if (letters.length !== USER_CODE_LENGTH) return null;
  return [...letters].every((c) => USER_CODE_ALPHABET.includes(c)) ? letters : null;
}
