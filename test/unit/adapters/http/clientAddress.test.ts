import { expect } from 'chai';
import { clientAddressFinder, trustedAddressList } from '../../../../adapters/inbound/http/clientAddress';

describe('clientAddressFinder: the right-most untrusted entry of X-Forwarded-For', () => {
  it('ignores the header when no proxy is trusted', () => {
    const addressOf = clientAddressFinder({ kind: 'none' });
    expect(addressOf('10.0.0.2', '1.2.3.4')).to.equal('10.0.0.2');
    expect(addressOf('::ffff:10.0.0.2', undefined)).to.equal('10.0.0.2');
  });

  it('skips as many hops as are trusted, counting the socket peer as the first', () => {
    const one = clientAddressFinder({ kind: 'hops', hops: 1 });
    expect(one('10.0.0.2', 'spoofed, 203.0.113.7')).to.equal('203.0.113.7');
    expect(one('10.0.0.2', undefined)).to.equal('10.0.0.2');
    const two = clientAddressFinder({ kind: 'hops', hops: 2 });
    expect(two('10.0.0.2', '6.6.6.6, 203.0.113.7, 10.0.0.9')).to.equal('203.0.113.7');
    // Fewer entries than hops: the left-most there is.
    expect(two('10.0.0.2', '203.0.113.7')).to.equal('203.0.113.7');
  });

  it('skips listed addresses and ranges only, from the right', () => {
    const addressOf = clientAddressFinder({ kind: 'addresses', addresses: ['127.0.0.1', '10.0.0.0/8', 'fd00::/8'] });
    expect(addressOf('127.0.0.1', '6.6.6.6, 203.0.113.7, 10.9.9.9')).to.equal('203.0.113.7');
    expect(addressOf('::ffff:127.0.0.1', '6.6.6.6, 2001:db8::1, fd12::3')).to.equal('2001:db8::1');
    // A peer not on the list is the client itself, whatever it says.
    expect(addressOf('192.0.2.1', '203.0.113.7')).to.equal('192.0.2.1');
    // Everything trusted: the left-most entry.
    expect(addressOf('127.0.0.1', '10.1.1.1, 10.2.2.2')).to.equal('10.1.1.1');
    // Something that is not an address is nobody trusted: the walk stops there.
    expect(addressOf('127.0.0.1', '203.0.113.7, unknown')).to.equal('unknown');
    // Repeated headers arrive joined by commas; empty entries are skipped.
    expect(addressOf('127.0.0.1', '6.6.6.6,, 203.0.113.7 ,')).to.equal('203.0.113.7');
  });

  it('refuses an entry that is neither an address nor a CIDR range, naming it', () => {
    for (const bad of ['localhost', '10.0.0.0/33', '10.0.0.0/8/1', '10.0.0/8', 'fd00::/129', '']) {
      expect(() => trustedAddressList(['127.0.0.1', bad]), bad).to.throw(RangeError, `"${bad}"`);
    }
  });
});
