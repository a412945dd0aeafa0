import { type DiscoveryMethod, type Finding } from './discoveryDocument';
import { type DiscoverySchemas } from './discoverySchemas';

const absent = (body: unknown) => body === undefined || body === null || body === '';

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Google's error body, the same for every Google API and so not in the discovery document:
 * `{error: {code, message, errors: [{message, domain, reason}]}}`, `code` the HTTP status.
 */
function errorEnvelopeFindings(status: number, body: unknown): Finding[] {
  const error = isObject(body) ? body.error : undefined;
  if (!isObject(error)) return [{ field: 'answer.error', rule: `a ${status} answer carries Google's error object` }];
  const findings: Finding[] = [];
  if (error.code !== status) findings.push({ field: 'answer.error.code', rule: `must be the status, ${status}, not ${JSON.stringify(error.code)}` });
  if (typeof error.message !== 'string') findings.push({ field: 'answer.error.message', rule: 'must be a string' });
  if (error.errors !== undefined && !Array.isArray(error.errors)) findings.push({ field: 'answer.error.errors', rule: 'must be an array' });
  (Array.isArray(error.errors) ? error.errors : []).forEach((item: unknown, i) => {
    for (const key of ['message', 'domain', 'reason']) {
      const value = isObject(item) ? item[key] : undefined;
      if (value !== undefined && typeof value !== 'string') findings.push({ field: `answer.error.errors[${i}].${key}`, rule: 'must be a string' });
    }
  });
  return findings;
}

/**
 * A fake's answer to `method`: a success carries the method's response resource; a resumable
 * upload answers a session's start (200, the session in `Location`) and an incomplete upload
 * (308) without a body; a failure carries Google's error object.
 */
export function answerFindings(schemas: DiscoverySchemas, method: DiscoveryMethod, status: number, body: unknown): Finding[] {
  if (status === 308) return absent(body) ? [] : [{ field: 'answer', rule: 'a 308 (upload incomplete) has no body' }];
  if (status < 200 || status >= 300) return errorEnvelopeFindings(status, body);
  const response = method.response?.$ref;
  if (absent(body)) {
    const sessionStart = status === 200 && method.mediaUpload?.protocols?.resumable !== undefined;
    return response === undefined || sessionStart ? [] : [{ field: 'answer', rule: `${method.id} answers a ${response} resource; the answer has none` }];
  }
  if (response === undefined) return [{ field: 'answer', rule: `${method.id} answers no body` }];
  return schemas.findings(response, body, 'answer', method.id, 'answer');
}
