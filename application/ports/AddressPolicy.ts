/**
 * Whether the service may call an address a user supplied (a Bluesky account's own server):
 * the outbound-address guard's answer, asked before anything is sent with the user's secrets
 * (docs/decisions.md, "Outbound calls to user-supplied addresses").
 */
export interface AddressPolicy {
  /** Null when the URL may be called; otherwise why not, in words safe to show its author. */
  refusal(url: string): Promise<string | null>;
}
