import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../../config/env';

const trustOf = (value: string) => loadConfig({ TRUST_PROXY: value }).http.trustProxy;

describe('TRUST_PROXY', () => {
  it('is off by default and with false or 0', () => {
    expect(loadConfig({}).http.trustProxy).to.deep.equal({ kind: 'none' });
    expect(trustOf('false')).to.deep.equal({ kind: 'none' });
    expect(trustOf('0')).to.deep.equal({ kind: 'none' });
  });

  it('takes a number of proxies in front; true is kept as one', () => {
    expect(trustOf('1')).to.deep.equal({ kind: 'hops', hops: 1 });
    expect(trustOf('true')).to.deep.equal({ kind: 'hops', hops: 1 });
    expect(trustOf(' 3 ')).to.deep.equal({ kind: 'hops', hops: 3 });
  });

  it('takes a comma-separated list of addresses and CIDR ranges', () => {
    expect(trustOf('127.0.0.1, 10.0.0.0/8,fd00::/8 , ::1')).to.deep.equal({ kind: 'addresses', addresses: ['127.0.0.1', '10.0.0.0/8', 'fd00::/8', '::1'] });
  });

  for (const bad of ['yes', '17', '10.0.0.0/33', '127.0.0.1, proxy.internal', '127.0.0.1,,10.0.0.1', '-1']) {
    it(`refuses ${JSON.stringify(bad)}, naming the variable`, () => {
      expect(() => trustOf(bad))
        .to.throw(ConfigError)
        .with.property('message')
        .that.matches(/^TRUST_PROXY: must be false, a number of proxies in front \(1 to 16\), or a comma-separated list/);
    });
  }
});
