import { randomUUID } from 'node:crypto';
import { looksLikeCredential } from '../../../../application/auth/redactCredentials';

const ACCEPTABLE = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Keeps a caller's well-formed X-Request-Id (so traces join up), else makes one. An id that looks
 * like a credential (a key pasted into the wrong header) is replaced too: it would be logged and
 * echoed with every line of the request (docs/decisions.md, "Logs"). `incoming`: the header's value, if any.
 */
export const requestIdFrom = (incoming: string | undefined): string =>
  incoming !== undefined && ACCEPTABLE.test(incoming) && !looksLikeCredential(incoming) ? incoming : randomUUID();
