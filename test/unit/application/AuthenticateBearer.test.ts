import { expect } from 'chai';
import { AppFixture, rejection } from './appFixture';
import { ADMIN_EMAIL, OWNER_EMAIL } from '../../support/data/people';

describe('AuthenticateBearer: turning a bearer token into a credential', () => {
  let app: AppFixture;
  let workspaceId: string;
  let ownerId: string;

  beforeEach(async () => {
    app = await AppFixture.start();
    const { owner, workspace } = await app.ownerWithWorkspace();
    workspaceId = workspace.id;
    ownerId = owner.id;
  });

  const invalidToken = async (token: string) => {
    const error = await rejection(app.authenticate.execute(token));
    expect(error).to.include({ kind: 'unauthenticated', code: 'invalid_token' });
    return error;
  };

  it('recognises an API key, bound to its workspace with its frozen role and scopes', async () => {
    const { apiKey, secret } = await app.apiKeys.create({ workspaceId, email: OWNER_EMAIL, role: 'editor', scopes: ['posts:read'] });
    expect(await app.authenticate.execute(secret)).to.deep.equal({
      kind: 'api_key',
      id: apiKey.id,
      userId: ownerId,
      workspaceId,
      frozenRole: 'editor',
      creatorRole: 'owner',
      scopes: ['posts:read'],
    });
  });

  it('refuses a malformed API key', async () => {
    const { secret } = await app.apiKeys.create({ workspaceId, email: OWNER_EMAIL, role: 'owner' });
    for (const token of ['dsk_', 'dsk_short', `${secret}x`, `${secret.slice(0, -1)}!`]) {
      expect((await invalidToken(token)).message, token).to.contain('malformed');
    }
  });

  it('refuses a well-formed key that was never issued', async () => {
    await invalidToken(`dsk_${'A'.repeat(43)}`);
  });

  it('refuses a key whose secret part differs from the issued one, even with the same lookup prefix', async () => {
    const { secret } = await app.apiKeys.create({ workspaceId, email: OWNER_EMAIL, role: 'owner' });
    const last = secret.at(-1) === 'A' ? 'B' : 'A';
    await invalidToken(secret.slice(0, -1) + last);
  });

  it('refuses a revoked key from the next request on', async () => {
    const { apiKey, secret } = await app.apiKeys.create({ workspaceId, email: OWNER_EMAIL, role: 'owner' });
    await app.authenticate.execute(secret);
    await app.apiKeys.revoke(apiKey.id);
    expect((await invalidToken(secret)).message).to.contain('revoked');
  });

  it('refuses a key once its creator has left the workspace', async () => {
    await app.member(workspaceId, ADMIN_EMAIL, 'admin');
    const { secret } = await app.apiKeys.create({ workspaceId, email: ADMIN_EMAIL, role: 'admin' });
    await app.authenticate.execute(secret);
    await app.members.remove({ workspaceId, email: ADMIN_EMAIL });
    await invalidToken(secret);
  });

  it('recognises a session token as a session of its user, bound to no workspace', async () => {
    const { token } = await app.issueSession.execute({ email: OWNER_EMAIL });
    const credential = await app.authenticate.execute(token);
    expect(credential.kind).to.equal('session');
    expect(credential.userId).to.equal(ownerId);
    expect(credential.id).to.be.a('string').that.is.not.empty;
  });

  it('refuses an expired session token', async () => {
    const token = await app.sessionFor(OWNER_EMAIL);
    app.clock.advanceSeconds(3599);
    await app.authenticate.execute(token);
    app.clock.advanceSeconds(1);
    await invalidToken(token);
  });

  it('refuses a session whose user no longer exists', async () => {
    const { token, expiresAt } = await app.sessions.issue({ userId: 'user_gone', sessionId: 'sess_1' }, 3600);
    await app.sessionStore.create({ id: 'sess_1', userId: 'user_gone', tokenHash: null, createdAt: app.clock.now(), expiresAt, revokedAt: null });
    expect((await invalidToken(token)).message).to.contain('user');
  });

  it('refuses a session token revoked before its expiry, from the next request on', async () => {
    const { token, sessionId } = await app.issueSession.execute({ email: OWNER_EMAIL });
    await app.authenticate.execute(token);
    await app.issueSession.revoke(sessionId);
    expect((await invalidToken(token)).message).to.contain('revoked');
  });

  it('refuses a correctly signed session token the store never recorded', async () => {
    const { token } = await app.sessions.issue({ userId: 'user_gone', sessionId: 'sess_unrecorded' }, 3600);
    await invalidToken(token);
  });

  it('refuses anything else: garbage, an empty string, a tampered session', async () => {
    const token = await app.sessionFor(OWNER_EMAIL);
    const [header, payload, signature] = token.split('.');
    const flipped = signature!.at(0) === 'A' ? 'B' : 'A';
    for (const bad of ['not-a-token', '', 'a.b.c', `${header}.${payload}.${flipped}${signature!.slice(1)}`]) {
      await invalidToken(bad);
    }
  });
});
