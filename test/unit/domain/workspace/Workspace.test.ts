import { expect } from 'chai';
import { DomainError } from '../../../../domain/shared/DomainError';
import { Workspace } from '../../../../domain/workspace/Workspace';

const NOW = new Date('2030-01-01T00:00:00.000Z');

describe('Workspace.create', () => {
  it('creates a workspace with its name trimmed', () => {
    const workspace = Workspace.create({ id: 'ws_1', name: '  Acme Social  ', now: NOW });
    expect(workspace.toSnapshot()).to.deep.equal({ id: 'ws_1', name: 'Acme Social', createdAt: NOW });
  });

  it('accepts a name of exactly 200 characters', () => {
    expect(Workspace.create({ id: 'ws_1', name: 'x'.repeat(200), now: NOW }).name).to.have.length(200);
  });

  for (const [label, name] of [
    ['empty', ''],
    ['blank', '   \t '],
    ['201 characters long', 'x'.repeat(201)],
  ] as const) {
    it(`refuses a name that is ${label}`, () => {
      expect(() => Workspace.create({ id: 'ws_1', name, now: NOW }))
        .to.throw(DomainError)
        .that.includes({ kind: 'validation', code: 'invalid_name' })
        .and.has.nested.property('details[0].path', 'name');
    });
  }

  it('rehydrates from a snapshot unchanged', () => {
    const snapshot = { id: 'ws_9', name: 'Stored', createdAt: NOW };
    expect(Workspace.rehydrate(snapshot).toSnapshot()).to.deep.equal(snapshot);
  });
});
