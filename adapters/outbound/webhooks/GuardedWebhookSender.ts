import { type WebhookAnswer, type WebhookRequest, type WebhookSender } from '../../../application/ports/webhooks/WebhookSender';
import { guardedRequest } from '../http/guardedRequest';
import { type OutboundAddressGuard } from '../http/OutboundAddressGuard';
import { OutboundRequestError } from '../http/OutboundRequestError';

/** The most of an endpoint's answer read (and dropped): enough to see it end, never to hold much. */
const MAX_DRAINED_BYTES = 64 * 1024;

/**
 * POSTs a signed event to a subscriber's endpoint through the outbound-address guard (checked
 * after DNS on the address connected to; redirects are not followed: a 3xx is a failure).
 * The whole exchange, answer included, must end within the timeout.
 */
export class GuardedWebhookSender implements WebhookSender {
  constructor(private readonly guard: OutboundAddressGuard) {}

  async send(request: WebhookRequest): Promise<WebhookAnswer> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const signal = AbortSignal.timeout(request.timeoutMs);
    try {
      const headers = { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) };
      const { response } = await guardedRequest(this.guard, request.url, { method: 'POST', headers, body: request.body, signal });
      await drain(response, signal);
      const statusCode = response.statusCode ?? 0;
      return { kind: 'answered', statusCode, retryAfterSeconds: retryAfter(response.headers['retry-after']), responseMs: elapsed() };
    } catch (error) {
      if (signal.aborted) return { kind: 'unreachable', error: `no answer within ${request.timeoutMs} ms`, responseMs: elapsed() };
      const message = error instanceof OutboundRequestError ? error.message : String(error);
      return { kind: 'unreachable', error: message, responseMs: elapsed() };
    }
  }
}

function drain(response: NodeJS.ReadableStream & { destroy(): void }, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    let read = 0;
    const abort = () => {
      response.destroy();
      reject(new Error('aborted'));
    };
    signal.addEventListener('abort', abort, { once: true });
    response.on('data', (chunk: Buffer) => {
      read += chunk.length;
      if (read > MAX_DRAINED_BYTES) {
        signal.removeEventListener('abort', abort);
        response.destroy();
        resolve();
      }
    });
    response.on('end', () => {
      signal.removeEventListener('abort', abort);
      resolve();
    });
    response.on('error', (error) => {
      signal.removeEventListener('abort', abort);
      reject(error);
    });
  });
}

/** `Retry-After` in seconds, or as an HTTP date; null when absent or unreadable. */
export function retryAfter(value: string | undefined, now = Date.now()): number | null {
  if (value === undefined) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}
