import { expect } from 'chai';
import { parseArguments } from '../../../adapters/inbound/cli/parseArguments';
import { UsageError } from '../../../adapters/inbound/cli/UsageError';

function usageErrorOf(argv: string[]): UsageError {
  try {
    parseArguments(argv);
  } catch (error) {
    expect(error).to.be.instanceOf(UsageError);
    return error as UsageError;
  }
  throw new Error('expected a UsageError');
}

describe('CLI parseArguments', () => {
  it('reads words, --flag value, --flag=value and switches in any order', () => {
    const parsed = parseArguments(['--json', 'user', '--email', 'a@b.co', 'create', '--name=Ann Lee', '-h']);
    expect(parsed.positionals).to.deep.equal(['user', 'create']);
    expect([...parsed.flags]).to.deep.equal([
      ['email', 'a@b.co'],
      ['name', 'Ann Lee'],
    ]);
    expect([...parsed.switches].sort()).to.deep.equal(['help', 'json']);
  });

  it('keeps values that start with a single dash, contain "=" or are empty', () => {
    const parsed = parseArguments(['--password', '-secret=1', '--name=', '--handle=--odd']);
    expect(parsed.flags.get('password')).to.equal('-secret=1');
    expect(parsed.flags.get('name')).to.equal('');
    expect(parsed.flags.get('handle')).to.equal('--odd');
  });

  it('refuses a flag without a value, at the end or before another flag', () => {
    expect(usageErrorOf(['user', 'create', '--email'])).to.include({ code: 'missing_value', message: '--email needs a value' });
    expect(usageErrorOf(['--email', '--json']).code).to.equal('missing_value');
  });

  it('refuses a value on a switch, a repeated flag and single-dash flags', () => {
    expect(usageErrorOf(['--json=yes']).code).to.equal('unexpected_value');
    expect(usageErrorOf(['--email', 'a@b.co', '--email=c@d.co']).code).to.equal('duplicate_flag');
    expect(usageErrorOf(['-e', 'a@b.co']).code).to.equal('unknown_flag');
    expect(usageErrorOf(['--=x']).code).to.equal('unknown_flag');
  });

  it('collects every value of a repeatable flag (--grant, --redirect-uri) in order, and reads --confidential as a switch', () => {
    const parsed = parseArguments([
      'client',
      'register',
      '--grant',
      'device_code',
      '--redirect-uri=https://a.example/cb',
      '--confidential',
      '--grant=refresh_token',
    ]);
    expect(parsed.repeated.get('grant')).to.deep.equal(['device_code', 'refresh_token']);
    expect(parsed.repeated.get('redirect-uri')).to.deep.equal(['https://a.example/cb']);
    expect(parsed.flags.get('grant'), 'the first value, so the command finder sees the flag').to.equal('device_code');
    expect(parsed.switches.has('confidential')).to.equal(true);
    expect(usageErrorOf(['--confidential=yes']).code).to.equal('unexpected_value');
    expect(usageErrorOf(['--grant']).code).to.equal('missing_value');
  });
});
