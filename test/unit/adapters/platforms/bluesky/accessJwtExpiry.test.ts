import { expect } from 'chai';
import { accessJwtExpiry } from '../../../../../adapters/outbound/platforms/bluesky/blueskySession';

const jwtWith = (claims: object) => `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.signature`;

describe('Bluesky access JWT expiry', () => {
  it('is read from the exp claim without verifying the signature', () => {
    expect(accessJwtExpiry(jwtWith({ sub: 'did:plc:abc', exp: 1_800_000_000 }))).to.deep.equal(new Date(1_800_000_000_000));
  });

  it('is unknown for a token that is not a JWT or has no numeric exp', () => {
    expect(accessJwtExpiry('not-a-jwt')).to.equal(null);
    expect(accessJwtExpiry('a.%%%.c')).to.equal(null);
    expect(accessJwtExpiry(jwtWith({ exp: 'tomorrow' }))).to.equal(null);
  });
});
