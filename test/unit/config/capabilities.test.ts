import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { CAPABILITIES } from '../../../config/capabilities/capabilities';
import { mergeTokens } from '../../../config/mergeTokens';
import { token } from '../../../config/Wiring';

const CAPABILITIES_DIR = path.join(__dirname, '..', '..', '..', 'config', 'capabilities');

describe('composition per capability (config/capabilities/)', () => {
  it('refuses a token name two groups declare, at start', () => {
    expect(() => mergeTokens({ Clock: token('Clock') }, { Clock: token('another Clock') })).to.throw('the token Clock is declared twice');
    expect(Object.keys(mergeTokens({ A: token('A') }, { B: token('B') }))).to.deep.equal(['A', 'B']);
  });

  it('a capability module reads tokens from its own and the shared ones, never through TOKENS (which imports it)', () => {
    const modules = fs
      .readdirSync(CAPABILITIES_DIR, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .filter((file) => /from '\.\.\/\.\.\/tokens'/.test(fs.readFileSync(path.join(CAPABILITIES_DIR, file), 'utf8')));
    expect(modules).to.deep.equal([]);
  });

  it('names each capability once', () => {
    const names = CAPABILITIES.map((c) => c.name);
    expect(names).to.deep.equal([...new Set(names)]);
  });
});
