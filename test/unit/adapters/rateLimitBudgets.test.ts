import { expect } from 'chai';
import { budgetsOf, workspaceOfPath } from '../../../adapters/inbound/http/middleware/rateLimitBudgets';
import { type Credential } from '../../../domain/credential/Credential';

const LIMITS = { perCredential: 5, perUser: 8 };
const apiKey: Credential = {
  kind: 'api_key',
  id: 'key-1',
  userId: 'user-1',
  workspaceId: 'ws-1',
  frozenRole: 'editor',
  creatorRole: 'editor',
  scopes: [],
};
const session: Credential = { kind: 'session', id: 'session-1', userId: 'user-1' };

describe('rate limit budgets', () => {
  it('charges a request without a credential to its client address alone', () => {
    expect(budgetsOf(undefined, '10.0.0.1', '/v1/workspaces/ws-1/posts', LIMITS)).to.deep.equal([{ key: 'client:10.0.0.1', limit: 5 }]);
  });

  it('charges a workspace-bound credential to itself and to its person in its own workspace, whatever the path', () => {
    expect(budgetsOf(apiKey, '10.0.0.1', '/v1/me', LIMITS)).to.deep.equal([
      { key: 'api_key:key-1', limit: 5 },
      { key: 'user:user-1:workspace:ws-1', limit: 8 },
    ]);
  });

  it("charges a session's person in the path's workspace, or alone outside any", () => {
    expect(budgetsOf(session, '10.0.0.1', '/v1/workspaces/ws-2/posts/p1', LIMITS)[1]).to.deep.equal({ key: 'user:user-1:workspace:ws-2', limit: 8 });
    expect(budgetsOf(session, '10.0.0.1', '/v1/me/workspaces', LIMITS)[1]).to.deep.equal({ key: 'user:user-1', limit: 8 });
  });

  it('has no person budget when no per-user limit is set', () => {
    expect(budgetsOf(apiKey, '10.0.0.1', '/v1/me', { perCredential: 5, perUser: undefined })).to.have.length(1);
  });

  it('reads the workspace only from the JSON API spelling of the path', () => {
    expect(workspaceOfPath('/v1/workspaces/ws-9')).to.equal('ws-9');
    expect(workspaceOfPath('/v1/workspaces/')).to.equal(null);
    expect(workspaceOfPath('/oauth/v1/workspaces/ws-9')).to.equal(null);
  });
});
