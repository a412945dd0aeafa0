import { expect } from 'chai';
import { type Credential } from '../../../domain/credential/Credential';
import { ceilingOf } from '../../../domain/credential/RoleCeiling';
import { AppFixture, rejection } from './appFixture';
import { ADMIN_EMAIL, EDITOR_EMAIL, OWNER_EMAIL, STRANGER_EMAIL, VIEWER_EMAIL } from '../../support/data/people';

describe('AuthorizeWorkspace: the live membership decides on every request', () => {
  let app: AppFixture;
  let workspaceId: string;

  beforeEach(async () => {
    app = await AppFixture.start();
    ({
      workspace: { id: workspaceId },
    } = await app.ownerWithWorkspace());
  });

  const credentialOf = async (token: string): Promise<Credential> => app.authenticate.execute(token);
  const sessionOf = async (email: string) => credentialOf(await app.sessionFor(email));

  it("gives an owner's session every scope of the owner role, billing:write included", async () => {
    const access = await app.authorize.execute(await sessionOf(OWNER_EMAIL), workspaceId, 'billing:write');
    expect(access.role).to.equal('owner');
    expect([...access.scopes].sort()).to.deep.equal([...ceilingOf('owner')].sort());
  });

  it('with no scope asked, only checks membership', async () => {
    await app.member(workspaceId, VIEWER_EMAIL, 'viewer');
    const access = await app.authorize.execute(await sessionOf(VIEWER_EMAIL), workspaceId, null);
    expect(access.role).to.equal('viewer');
  });

  it('answers a non-member the same not-found as for a workspace that does not exist', async () => {
    await app.user(STRANGER_EMAIL);
    const session = await sessionOf(STRANGER_EMAIL);
    const existing = await rejection(app.authorize.execute(session, workspaceId, 'posts:read'));
    const missing = await rejection(app.authorize.execute(session, 'ws_does_not_exist', 'posts:read'));
    expect(existing).to.include({ kind: 'not_found', code: 'workspace_not_found' });
    expect({ kind: missing.kind, code: missing.code, message: missing.message }).to.deep.equal({
      kind: existing.kind,
      code: existing.code,
      message: existing.message,
    });
  });

  it('forbids an API key on another workspace, even one its creator owns', async () => {
    const { workspace: other } = await app.createWorkspace.execute({ name: 'Other', ownerEmail: OWNER_EMAIL });
    const { secret } = await app.apiKeys.create({ workspaceId, email: OWNER_EMAIL, role: 'owner' });
    const error = await rejection(app.authorize.execute(await credentialOf(secret), other.id, 'posts:read'));
    expect(error).to.include({ kind: 'forbidden', code: 'workspace_not_allowed' });
  });

  it('forbids an operation whose scope the API key was not granted, naming the scope', async () => {
    const { secret } = await app.apiKeys.create({ workspaceId, email: OWNER_EMAIL, role: 'owner', scopes: ['posts:read'] });
    const key = await credentialOf(secret);
    await app.authorize.execute(key, workspaceId, 'posts:read');
    const error = await rejection(app.authorize.execute(key, workspaceId, 'posts:write'));
    expect(error).to.include({ kind: 'forbidden', code: 'insufficient_scope', scope: 'posts:write' });
  });

  it('a demoted member loses the scope on the very next request, with the same session', async () => {
    await app.member(workspaceId, EDITOR_EMAIL, 'editor');
    const session = await sessionOf(EDITOR_EMAIL);
    await app.authorize.execute(session, workspaceId, 'posts:write');
    await app.members.setRole({ workspaceId, email: EDITOR_EMAIL, role: 'viewer' });
    const error = await rejection(app.authorize.execute(session, workspaceId, 'posts:write'));
    expect(error).to.include({ kind: 'forbidden', code: 'insufficient_scope' });
    await app.authorize.execute(session, workspaceId, 'posts:read');
  });

  it('a promoted member gains the scope on the very next request', async () => {
    await app.member(workspaceId, VIEWER_EMAIL, 'viewer');
    const session = await sessionOf(VIEWER_EMAIL);
    await rejection(app.authorize.execute(session, workspaceId, 'members:write'));
    await app.members.setRole({ workspaceId, email: VIEWER_EMAIL, role: 'admin' });
    expect((await app.authorize.execute(session, workspaceId, 'members:write')).role).to.equal('admin');
  });

  it("a removed member's session gets not-found on the very next request", async () => {
    await app.member(workspaceId, EDITOR_EMAIL, 'editor');
    const session = await sessionOf(EDITOR_EMAIL);
    await app.authorize.execute(session, workspaceId, 'posts:read');
    await app.members.remove({ workspaceId, email: EDITOR_EMAIL });
    expect((await rejection(app.authorize.execute(session, workspaceId, 'posts:read'))).kind).to.equal('not_found');
  });

  it("an admin key of a creator demoted to editor keeps only the editor's scopes", async () => {
    await app.member(workspaceId, ADMIN_EMAIL, 'admin');
    const { secret } = await app.apiKeys.create({ workspaceId, email: ADMIN_EMAIL, role: 'admin' });
    const key = await credentialOf(secret);
    await app.authorize.execute(key, workspaceId, 'members:write');
    await app.members.setRole({ workspaceId, email: ADMIN_EMAIL, role: 'editor' });
    const demoted = await credentialOf(secret);
    expect((await rejection(app.authorize.execute(demoted, workspaceId, 'members:write'))).code).to.equal('insufficient_scope');
    expect((await app.authorize.execute(demoted, workspaceId, 'posts:write')).role).to.equal('editor');
  });

  it('an editor key made by an owner stays an editor key', async () => {
    const { secret } = await app.apiKeys.create({ workspaceId, email: OWNER_EMAIL, role: 'editor' });
    const key = await credentialOf(secret);
    expect((await app.authorize.execute(key, workspaceId, 'reviews:write')).role).to.equal('editor');
    expect((await rejection(app.authorize.execute(key, workspaceId, 'accounts:write'))).code).to.equal('insufficient_scope');
  });

  // BUG: domain/workspace/Role.ts lowerRole (used by AccessDecision) treats viewer as below
  // contributor, but a contributor's ceiling has no stats:read: the key keeps a scope the live role lacks.
  it('a viewer key of an admin demoted to contributor loses stats:read', async () => {
    await app.member(workspaceId, ADMIN_EMAIL, 'admin');
    const { secret } = await app.apiKeys.create({ workspaceId, email: ADMIN_EMAIL, role: 'viewer' });
    await app.members.setRole({ workspaceId, email: ADMIN_EMAIL, role: 'contributor' });
    const error = await rejection(app.authorize.execute(await credentialOf(secret), workspaceId, 'stats:read'));
    expect(error.code).to.equal('insufficient_scope');
  });
});
