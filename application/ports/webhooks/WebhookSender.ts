/** One signed call to a subscriber's endpoint, through the outbound-address guard. */
export interface WebhookRequest {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  readonly timeoutMs: number;
}

export type WebhookAnswer =
  | { readonly kind: 'answered'; readonly statusCode: number; readonly retryAfterSeconds: number | null; readonly responseMs: number }
  | { readonly kind: 'unreachable'; readonly error: string; readonly responseMs: number };

export interface WebhookSender {
  send(request: WebhookRequest): Promise<WebhookAnswer>;
}

/** Standard Webhooks signing (docs/webhooks.md): the secrets' format and the three headers. */
export interface WebhookSigner {
  /** A new signing secret, shown to its subscriber once. */
  newSecret(): string;
  /** `webhook-id`, `webhook-timestamp` and `webhook-signature` (one signature per secret). */
  headers(secrets: readonly string[], messageId: string, at: Date, body: string): Record<string, string>;
}
