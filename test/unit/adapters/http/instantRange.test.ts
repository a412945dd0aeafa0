import { expect } from 'chai';
import { isRealInstant } from '../../../../adapters/inbound/http/dto/instant';

describe('isRealInstant: only instants a stored time can hold (1970-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z)', () => {
  for (const good of [
    '1970-01-01T00:00:00Z',
    '1970-01-01T00:00:00.000+00:00',
    '1970-01-01T01:00:00+01:00',
    '1969-12-31T23:00:00-01:00',
    '9999-12-31T23:59:59.999Z',
    '9999-12-31T23:59:59Z',
    '9999-12-31T23:59:59+14:00',
    '9999-12-31T22:59:59.999-01:00',
  ]) {
    it(`accepts ${good}`, () => expect(isRealInstant(good)).to.equal(true));
  }
  for (const bad of [
    '9999-12-31T23:59:59-23:59', // year 10000 in UTC
    '9999-12-31T23:59:59-00:01',
    '9999-12-31T23:00:00-01:00',
    '1969-12-31T23:59:59.999Z',
    '1970-01-01T00:59:59+01:00', // 1969 in UTC
    '1970-01-01T00:00:00+00:01',
    '1900-01-01T00:00:00Z',
    '0000-01-01T00:00:00Z',
    '0001-01-01T00:00:00Z',
  ]) {
    it(`refuses ${bad}`, () => expect(isRealInstant(bad)).to.equal(false));
  }
});
