import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

/** What the guard lets through (docs/decisions.md, "Outbound calls to user-supplied addresses"). */
export interface OutboundAddressPolicy {
  /** OUTBOUND_ALLOW_PRIVATE_ADDRESSES: private, loopback and link-local addresses allowed (tests, closed networks). */
  readonly allowPrivateAddresses: boolean;
  /**
   * Addresses let through as if they were public. Tests only, to stand in for a public server
   * without the internet; never read from the environment.
   */
  readonly treatAsPublic?: readonly string[];
}

/**
 * Cloud metadata endpoints, refused even when private addresses are allowed. Compared as
 * written (IPv4, and IPv6 as the URL parser and the resolver write it).
 */
export const METADATA_ADDRESSES = ['169.254.169.254', '::ffff:a9fe:a9fe', '::ffff:169.254.169.254', 'fd00:ec2::254', '100.100.100.200'];

/**
 * The one way the service reaches an address a user supplied. Its agents check the address
 * each socket is about to connect to, after DNS resolution (and a literal IP host, which skips
 * it), so what was checked is what is connected to.
 */
export class OutboundAddressGuard {
  readonly httpAgent: RequestFilteringHttpAgent;
  readonly httpsAgent: RequestFilteringHttpsAgent;

  constructor(readonly policy: OutboundAddressPolicy) {
    const filter = {
      allowPrivateIPAddress: policy.allowPrivateAddresses,
      allowMetaIPAddress: false,
      allowIPAddressList: [...(policy.treatAsPublic ?? [])],
      denyIPAddressList: METADATA_ADDRESSES,
    };
    this.httpAgent = new RequestFilteringHttpAgent(filter);
    this.httpsAgent = new RequestFilteringHttpsAgent(filter);
  }

  agentFor(url: URL): RequestFilteringHttpAgent | RequestFilteringHttpsAgent {
    return url.protocol === 'https:' ? this.httpsAgent : this.httpAgent;
  }
}
