import { expect } from 'chai';
import { ALL_SCOPES, type Scope } from '../../../../domain/credential/Scope';
import { DomainError } from '../../../../domain/shared/DomainError';
import { ceilingOf } from '../../../../domain/credential/RoleCeiling';
import { isRole, lowerRole, parseRole, rankOf, ROLES, type Role } from '../../../../domain/workspace/Role';

/** docs/product.md, "Roles and their scope ceilings", copied row by row: owner, admin, editor, contributor, viewer. */
const TABLE: ReadonlyArray<readonly [readonly Scope[], readonly [boolean, boolean, boolean, boolean, boolean]]> = [
  [
    ['posts:read', 'accounts:read', 'reviews:read', 'members:read'],
    [true, true, true, true, true],
  ],
  [
    ['posts:write', 'media:write'],
    [true, true, true, true, false],
  ],
  [['stats:read'], [true, true, true, false, true]],
  [['reviews:write'], [true, true, true, false, false]],
  [
    ['accounts:write', 'members:write', 'apikeys:write'],
    [true, true, false, false, false],
  ],
  [['billing:write'], [true, false, false, false, false]],
];
const COLUMNS: readonly Role[] = ['owner', 'admin', 'editor', 'contributor', 'viewer'];

describe('Role: the scope ceilings of docs/product.md', () => {
  it('the table covers every scope exactly once', () => {
    const covered = TABLE.flatMap(([scopes]) => scopes);
    expect([...covered].sort()).to.deep.equal([...ALL_SCOPES].sort());
  });

  it('has exactly the five roles, most powerful first', () => {
    expect([...ROLES]).to.deep.equal(COLUMNS);
  });

  for (const [scopes, cells] of TABLE) {
    COLUMNS.forEach((role, column) => {
      const allowed = cells[column]!;
      it(`${role} ${allowed ? 'may' : 'may not'} hold ${scopes.join(', ')}`, () => {
        for (const scope of scopes) expect(ceilingOf(role).has(scope), `${role} / ${scope}`).to.equal(allowed);
      });
    });
  }
});

describe('Role: parsing and ranking', () => {
  it('parses the five role names and nothing else', () => {
    for (const role of COLUMNS) expect(parseRole(role)).to.equal(role);
    for (const bad of ['Owner', 'superuser', '', ' admin']) {
      expect(isRole(bad), bad).to.equal(false);
      expect(() => parseRole(bad, 'body.role'), bad)
        .to.throw(DomainError)
        .that.includes({ kind: 'validation', code: 'invalid_role' })
        .and.has.nested.property('details[0].path', 'body.role');
    }
  });

  it('ranks owner as the most powerful and viewer as the least', () => {
    expect(COLUMNS.map(rankOf)).to.deep.equal([0, 1, 2, 3, 4]);
  });

  it('lowerRole picks the less powerful of two roles, in either order', () => {
    expect(lowerRole('owner', 'admin')).to.equal('admin');
    expect(lowerRole('admin', 'owner')).to.equal('admin');
    expect(lowerRole('editor', 'viewer')).to.equal('viewer');
    expect(lowerRole('viewer', 'editor')).to.equal('viewer');
    expect(lowerRole('contributor', 'contributor')).to.equal('contributor');
  });

  it('every ceiling contains the ceilings below it, except that contributor and viewer are not nested', () => {
    const contains = (a: Role, b: Role) => [...ceilingOf(b)].every((s) => ceilingOf(a).has(s));
    for (const a of COLUMNS) {
      for (const b of COLUMNS) {
        if (rankOf(a) > rankOf(b) || (a === 'contributor' && b === 'viewer')) continue;
        expect(contains(a, b), `${a} ⊇ ${b}`).to.equal(true);
      }
    }
    expect(contains('contributor', 'viewer')).to.equal(false);
    expect(contains('viewer', 'contributor')).to.equal(false);
  });
});
