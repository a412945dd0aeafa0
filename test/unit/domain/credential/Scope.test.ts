import { expect } from 'chai';
import { ALL_SCOPES, isScope, parseScopes } from '../../../../domain/credential/Scope';
import { DomainError } from '../../../../domain/shared/DomainError';

describe('Scope: parsing a space-separated scope list', () => {
  it('knows exactly the twelve scopes of docs/product.md', () => {
    expect([...ALL_SCOPES].sort()).to.deep.equal([
      'accounts:read',
      'accounts:write',
      'apikeys:write',
      'billing:write',
      'media:write',
      'members:read',
      'members:write',
      'posts:read',
      'posts:write',
      'reviews:read',
      'reviews:write',
      'stats:read',
    ]);
  });

  it('returns the scopes sorted, with duplicates collapsed', () => {
    expect(parseScopes('stats:read posts:read stats:read')).to.deep.equal(['posts:read', 'stats:read']);
  });

  it('accepts any run of whitespace between scopes and around them', () => {
    expect(parseScopes('  posts:write\tmedia:write\n posts:read  ')).to.deep.equal(['media:write', 'posts:read', 'posts:write']);
  });

  it('gives an empty list for an empty or blank string', () => {
    expect(parseScopes('')).to.deep.equal([]);
    expect(parseScopes('   ')).to.deep.equal([]);
  });

  it('refuses an unknown scope, naming it and the field', () => {
    let error: unknown;
    try {
      parseScopes('posts:read posts:delete admin', 'body.scopes');
    } catch (e) {
      error = e;
    }
    expect(error).to.be.instanceOf(DomainError);
    const domainError = error as DomainError;
    expect(domainError).to.include({ kind: 'validation', code: 'invalid_scope' });
    expect(domainError.details).to.have.length(1);
    expect(domainError.details[0]!.path).to.equal('body.scopes');
    expect(domainError.details[0]!.message).to.contain('posts:delete').and.contain('admin');
    expect(domainError.details[0]!.message).not.to.contain('posts:read');
  });

  it('is case-sensitive: POSTS:READ is not a scope', () => {
    expect(() => parseScopes('POSTS:READ'))
      .to.throw(DomainError)
      .with.property('code', 'invalid_scope');
    expect(isScope('POSTS:READ')).to.equal(false);
    expect(isScope('posts:read')).to.equal(true);
  });
});
