import { type Readable } from 'node:stream';

/**
 * Fetches a user-supplied URL through the outbound-address guard: http(s) only, no private,
 * loopback, link-local or metadata address after DNS resolution, re-checked on every redirect,
 * the connection pinned to the checked address, within a size and a time limit
 * (docs/decisions.md, "Outbound calls to user-supplied addresses").
 */
export interface UrlDownloader {
  download(url: string, limits: DownloadLimits): Promise<Download>;
}

export interface DownloadLimits {
  readonly maxBytes: number;
  readonly timeoutMs: number;
}

export type Download =
  /** `body` fails with a DownloadFailure-like error when the limits are passed while reading. */
  | { readonly ok: true; readonly body: Readable; readonly contentType: string | null; readonly declaredBytes: number | null }
  | { readonly ok: false; readonly failure: DownloadFailure };

export interface DownloadFailure {
  readonly kind: 'invalid_url' | 'forbidden_address' | 'too_large' | 'timeout' | 'http_status' | 'network';
  /** Human-readable, safe to show the user (no internal addresses beyond the one they gave). */
  readonly reason: string;
  readonly status?: number;
}
