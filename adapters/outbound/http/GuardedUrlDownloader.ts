import { type GuardedResponse, guardedRequest } from './guardedRequest';
import { type Download, type DownloadFailure, type DownloadLimits, type UrlDownloader } from '../../../application/ports/UrlDownloader';
import { type OutboundAddressGuard } from './OutboundAddressGuard';
import { OutboundRequestError } from './OutboundRequestError';
import { sizeLimitedBody, tooLarge } from './sizeLimitedBody';

/**
 * Imports from a URL through the outbound-address guard (docs/decisions.md, "Outbound calls to
 * user-supplied addresses"): `timeoutMs` bounds the whole download, from the lookup to the
 * body's last byte; `maxBytes` is checked against Content-Length before reading and again
 * while streaming.
 */
export class GuardedUrlDownloader implements UrlDownloader {
  constructor(private readonly guard: OutboundAddressGuard) {}

  async download(url: string, limits: DownloadLimits): Promise<Download> {
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), limits.timeoutMs);
    const settled = () => clearTimeout(timer);
    let answer: GuardedResponse;
    try {
      answer = await guardedRequest(this.guard, url, { signal: deadline.signal, headers: { accept: '*/*', 'user-agent': 'Dispatch media import' } });
    } catch (error) {
      settled();
      return { ok: false, failure: requestFailure(error) };
    }
    const { response } = answer;
    const status = response.statusCode ?? 0;
    if (status < 200 || status > 299) {
      settled();
      response.destroy();
      return { ok: false, failure: { kind: 'http_status', reason: `the server answered ${status}`, status } };
    }
    const declaredBytes = contentLength(response.headers['content-length']);
    if (declaredBytes !== null && declaredBytes > limits.maxBytes) {
      settled();
      response.destroy();
      return { ok: false, failure: tooLarge(limits.maxBytes).failure };
    }
    const body = sizeLimitedBody(response, limits.maxBytes, deadline.signal, settled);
    return { ok: true, body, contentType: response.headers['content-type'] ?? null, declaredBytes };
  }
}

function contentLength(header: string | undefined): number | null {
  return header !== undefined && /^\d+$/.test(header) ? Number(header) : null;
}

function requestFailure(error: unknown): DownloadFailure {
  if (!(error instanceof OutboundRequestError)) throw error;
  switch (error.kind) {
    case 'invalid_url':
      return { kind: 'invalid_url', reason: error.message };
    case 'forbidden_address':
      return { kind: 'forbidden_address', reason: `${error.message}; imports may only fetch public addresses` };
    case 'aborted':
      return { kind: 'timeout', reason: 'the download took too long' };
    case 'too_many_redirects':
      return { kind: 'network', reason: `the address led through ${error.message}` };
    case 'network':
      return { kind: 'network', reason: error.message };
  }
}
