import { API_KEY_PREFIX } from './apiKeyFormat';

const REDACTED = '[redacted]';

/**
 * What a credential looks like wherever it turns up in text a log line would carry (a path, a
 * query string, a request id, an error message): an API key, a JWT (sessions, OAuth tokens), a
 * `Bearer`/`Basic` value, the value of a query parameter that carries one, the password of a URL.
 * Each rule keeps what tells a reader where the secret was (docs/decisions.md, "Logs").
 */
const RULES: ReadonlyArray<readonly [RegExp, string]> = [
  [new RegExp(`${API_KEY_PREFIX}[A-Za-z0-9_-]+`, 'g'), `${API_KEY_PREFIX}${REDACTED}`],
  // A JWT's header is base64url JSON, so it always starts `eyJ`; its dots may be encoded in a URL.
  [/eyJ[A-Za-z0-9_-]{6,}(?:(?:\.|%2[Ee])[A-Za-z0-9_-]*){0,2}/g, REDACTED],
  [/\b(Bearer|Basic)(\s+|%20|\+)[^\s&"',;]+/gi, `$1$2${REDACTED}`],
  [/([?&;#\s]|^)((?:access_|refresh_|id_)?token|code|client_secret|password|secret|api_?key|key|signature|sig)=[^&#\s"']*/gi, `$1$2=${REDACTED}`],
  [/(\/\/[^/:@\s]*):[^@/\s]+@/g, `$1:${REDACTED}@`],
];

/** The text with every credential-looking part replaced by `[redacted]`. */
export function redactCredentials(text: string): string {
  let redacted = text;
  for (const [pattern, replacement] of RULES) redacted = redacted.replace(pattern, replacement);
  return redacted;
}

/** Whether the text holds anything redactCredentials would replace. */
export const looksLikeCredential = (text: string): boolean => redactCredentials(text) !== text;
