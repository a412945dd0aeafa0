import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { type AddressPolicy } from '../../../application/ports/AddressPolicy';
import { checkOutboundUrl } from './checkOutboundUrl';
import { METADATA_ADDRESSES, type OutboundAddressPolicy } from './OutboundAddressGuard';

/**
 * Asks the guard's question without calling the URL: every address its host resolves to
 * must be public (unless the operator allows private ones), and none a cloud metadata
 * address. For URLs stored to be called later (a webhook's endpoint): nothing is sent to them
 * when they are saved, and each later call is checked again by the guard's agents on the
 * address it connects to (docs/decisions.md, "Outbound calls to user-supplied addresses").
 */
export class ResolvedAddressPolicy implements AddressPolicy {
  constructor(private readonly policy: OutboundAddressPolicy) {}

  async refusal(raw: string): Promise<string | null> {
    let url: URL;
    try {
      url = checkOutboundUrl(raw);
    } catch (error) {
      return (error as Error).message;
    }
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    let addresses: string[];
    try {
      addresses = ipaddr.isValid(host) ? [host] : (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      return `${url.hostname} does not resolve to any address`;
    }
    for (const address of addresses) {
      const normal = ipaddr.process(address).toString();
      if (METADATA_ADDRESSES.includes(address) || METADATA_ADDRESSES.includes(normal))
        return `${url.hostname} is a cloud metadata address, which is never called`;
      if (this.policy.allowPrivateAddresses || (this.policy.treatAsPublic ?? []).includes(normal)) continue;
      if (ipaddr.process(address).range() !== 'unicast') {
        return `${url.hostname} is a private, loopback or link-local address: only public addresses are called (the operator's OUTBOUND_ALLOW_PRIVATE_ADDRESSES allows others)`;
      }
    }
    return null;
  }
}
