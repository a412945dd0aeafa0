/** Why an outbound call to a user-supplied address did not get a response. */
export type OutboundFailureKind = 'invalid_url' | 'forbidden_address' | 'too_many_redirects' | 'network' | 'aborted';

/**
 * `message` is safe to show the person who supplied the URL: it names their host, never the
 * address it resolved to (kept in `address`, for logs).
 */
export class OutboundRequestError extends Error {
  constructor(
    readonly kind: OutboundFailureKind,
    message: string,
    readonly address?: string,
  ) {
    super(message);
    this.name = 'OutboundRequestError';
  }
}
