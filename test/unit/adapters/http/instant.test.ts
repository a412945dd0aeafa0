import { expect } from 'chai';
import { isRealInstant } from '../../../../adapters/inbound/http/dto/instant';

describe('isRealInstant (scheduledAt and other request times)', () => {
  for (const good of ['2099-02-28T10:00:00Z', '2096-02-29T10:00:00Z', '2099-12-31T23:59:59.999+14:00', '2099-01-01t00:00:00-05:30']) {
    it(`accepts ${good}`, () => expect(isRealInstant(good)).to.equal(true));
  }
  for (const bad of [
    '2099-02-30T10:00:00Z',
    '2099-04-31T10:00:00Z',
    '2099-02-29T10:00:00Z',
    '2100-02-29T10:00:00Z',
    '2099-13-01T10:00:00Z',
    '2099-01-01T24:00:00Z',
    '2099-01-01T23:59:60Z',
    '2099-01-01T10:00:00',
    '2099-01-01',
    'tomorrow',
    42,
  ]) {
    it(`refuses ${String(bad)}`, () => expect(isRealInstant(bad)).to.equal(false));
  }
});
