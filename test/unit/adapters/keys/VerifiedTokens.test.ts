import { expect } from 'chai';
import { VerifiedTokens } from '../../../../adapters/outbound/keys/VerifiedTokens';

const at = (iso: string) => new Date(iso);

describe('VerifiedTokens: checked tokens kept until they expire', () => {
  it('gives back a kept token until its expiry, never at or after it', () => {
    const cache = new VerifiedTokens<{ expiresAt: Date; who: string }>();
    cache.keep('token-a', { expiresAt: at('2030-01-01T00:10:00Z'), who: 'ada' });
    expect(cache.get('token-a', at('2030-01-01T00:09:59Z'))?.who).to.equal('ada');
    expect(cache.get('token-a', at('2030-01-01T00:10:00Z'))).to.equal(null);
    expect(cache.get('token-a', at('2030-01-01T00:00:00Z')), 'gone once found expired').to.equal(null);
  });

  it('knows only the exact text it kept', () => {
    const cache = new VerifiedTokens<{ expiresAt: Date }>();
    cache.keep('header.payload.signature', { expiresAt: at('2030-01-01T00:10:00Z') });
    expect(cache.get('header.payload.signaturf', at('2030-01-01T00:00:00Z'))).to.equal(null);
  });

  it('holds at most its bound, dropping the oldest first', () => {
    const cache = new VerifiedTokens<{ expiresAt: Date }>(2);
    const later = { expiresAt: at('2030-01-01T01:00:00Z') };
    cache.keep('one', later);
    cache.keep('two', later);
    cache.keep('three', later);
    const now = at('2030-01-01T00:00:00Z');
    expect([cache.get('one', now), cache.get('two', now), cache.get('three', now)].map((v) => v !== null)).to.deep.equal([false, true, true]);
  });
});
