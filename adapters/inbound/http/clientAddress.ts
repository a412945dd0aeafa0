import net from 'node:net';

/**
 * Which peers may speak for the client in X-Forwarded-For: nobody, the nearest `hops` proxies
 * (the socket's peer is the first), or the peers at the listed addresses and CIDR ranges.
 */
export type ProxyTrust =
  | { readonly kind: 'none' }
  | { readonly kind: 'hops'; readonly hops: number }
  | { readonly kind: 'addresses'; readonly addresses: readonly string[] };

/** The client's address, from the socket's peer and the request's X-Forwarded-For. */
export type ClientAddressOf = (socketAddress: string | undefined, forwardedFor: string | undefined) => string;

/**
 * Each proxy appends the address it received the request from, so only the right-hand end of
 * X-Forwarded-For was written by proxies we trust; whatever the client sent comes first.
 * Walking from the socket's peer leftwards, trusted peers are skipped and the first untrusted
 * one is the client. Believing the left-most entry instead let one client pass a limit of 20
 * with 40 requests by inventing a new address for each (docs/decisions.md, "The client address").
 */
export function clientAddressFinder(trust: ProxyTrust): ClientAddressOf {
  if (trust.kind === 'none') return (socketAddress) => plain(socketAddress ?? '');
  const trusted = trust.kind === 'hops' ? (_address: string, hop: number) => hop < trust.hops : listed(trustedAddressList(trust.addresses));
  return (socketAddress, forwardedFor) => {
    const chain = [plain(socketAddress ?? ''), ...entriesOf(forwardedFor).reverse()];
    let hop = 0;
    while (hop < chain.length - 1 && trusted(chain[hop]!, hop)) hop++;
    return chain[hop]!;
  };
}

/** Node's BlockList as the matcher of trusted addresses; a bad entry throws a RangeError naming it. */
export function trustedAddressList(entries: readonly string[]): net.BlockList {
  const list = new net.BlockList();
  for (const entry of entries) {
    const [address = '', prefix, extra] = entry.split('/');
    const family = net.isIP(address);
    const wellFormedPrefix = prefix === undefined || /^\d{1,3}$/.test(prefix);
    if (family === 0 || extra !== undefined || !wellFormedPrefix) throw new RangeError(`"${entry}" is not an IP address or CIDR range`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    try {
      if (prefix === undefined) list.addAddress(address, type);
      else list.addSubnet(address, Number(prefix), type);
    } catch {
      throw new RangeError(`"${entry}" is not an IP address or CIDR range`);
    }
  }
  return list;
}

const listed =
  (list: net.BlockList) =>
  (address: string): boolean => {
    const family = net.isIP(address);
    // Anything else in the header (a name, "unknown") is nobody we trust.
    return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6');
  };

const entriesOf = (forwardedFor: string | undefined): string[] =>
  (forwardedFor ?? '')
    .split(',')
    .map((entry) => plain(entry.trim()))
    .filter((entry) => entry !== '');

/** An IPv4 address seen through an IPv6 socket (`::ffff:10.0.0.1`) is that IPv4 address. */
const plain = (address: string): string => /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)?.[1] ?? address;
