/** `dsk_` + 32 random bytes in base64url (43 characters): 256 bits, well over the 128 required. */
export const API_KEY_PREFIX = 'dsk_';
export const API_KEY_SECRET_BYTES = 32;
const API_KEY_PATTERN = /^dsk_[A-Za-z0-9_-]{43}$/;
/** The first 12 characters after the prefix find the key; the rest stays secret. */
const LOOKUP_LENGTH = API_KEY_PREFIX.length + 12;

export const isWellFormedApiKey = (token: string): boolean => API_KEY_PATTERN.test(token);
export const lookupPrefixOf = (token: string): string => token.slice(0, LOOKUP_LENGTH);
