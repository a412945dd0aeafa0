/**
 * Why a platform refused to renew or use a grant, classified for what happens next:
 * - `reconnect`: the grant is dead (`invalid_grant`, a revoked token or password): the
 *   connection needs its owner to connect again;
 * - `retryLater`: a timeout, a 5xx or a 429: nothing is wrong with the grant;
 * - `rejected`: a permanent refusal that reconnecting would not fix (a misconfigured app).
 */
export type GrantFailure =
  | { readonly kind: 'reconnect'; readonly reason: string }
  | { readonly kind: 'retryLater'; readonly reason: string; readonly afterSeconds: number }
  | { readonly kind: 'rejected'; readonly reason: string };

export type GrantResult<G> = { readonly ok: true; readonly grant: G } | { readonly ok: false; readonly failure: GrantFailure };
