import { expect } from 'chai';
import { checkResource, checkSameResource } from '../../../../application/oauth/checkResource';
import { DomainError } from '../../../../domain/shared/DomainError';

const SETTINGS = { resource: 'https://dispatch.example', resources: ['https://dispatch.example', 'https://dispatch.example/mcp'] };

const refusal = (act: () => unknown): string => {
  try {
    act();
  } catch (error) {
    expect(error).to.be.instanceOf(DomainError);
    return (error as DomainError).code;
  }
  throw new Error('expected a refusal');
};

/** RFC 8707 resources of the authorization server: the API (the default) and the MCP server (docs/agents.md). */
describe('checkResource', () => {
  it('none named is the API; either resource named is answered in its registered spelling', () => {
    expect(checkResource(undefined, SETTINGS)).to.equal('https://dispatch.example');
    expect(checkResource('', SETTINGS)).to.equal('https://dispatch.example');
    expect(checkResource('https://dispatch.example/', SETTINGS)).to.equal('https://dispatch.example');
    expect(checkResource('https://dispatch.example/mcp', SETTINGS)).to.equal('https://dispatch.example/mcp');
    expect(checkResource('https://dispatch.example/mcp/', SETTINGS)).to.equal('https://dispatch.example/mcp');
  });

  it('anything else is invalid_target', () => {
    for (const raw of ['https://dispatch.example/mcpx', 'https://elsewhere.example/mcp', 'https://dispatch.example/v1', 'http://dispatch.example']) {
      expect(
        refusal(() => checkResource(raw, SETTINGS)),
        raw,
      ).to.equal('invalid_target');
    }
  });

  it("a token request naming a resource must name the grant's: invalid_target otherwise", () => {
    expect(() => checkSameResource(undefined, 'https://dispatch.example/mcp', SETTINGS)).to.not.throw();
    expect(() => checkSameResource('https://dispatch.example/mcp', 'https://dispatch.example/mcp', SETTINGS)).to.not.throw();
    expect(refusal(() => checkSameResource('https://dispatch.example', 'https://dispatch.example/mcp', SETTINGS))).to.equal('invalid_target');
    expect(refusal(() => checkSameResource('https://nowhere.example', 'https://dispatch.example', SETTINGS))).to.equal('invalid_target');
  });
});
