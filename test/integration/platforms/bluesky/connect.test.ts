import { expect } from 'chai';
import { blueskyConnector } from '../../../../adapters/outbound/platforms/bluesky/BlueskyConnector';
import { BlueskyPds, type PdsAccount } from '../../../support/blueskyPds';

describe('Bluesky connector: connecting with an app password (reference PDS)', () => {
  let pds: BlueskyPds;
  let account: PdsAccount;
  const connector = blueskyConnector();

  before(async () => {
    pds = await BlueskyPds.start();
    account = await pds.createAccount('connecting');
  });
  after(() => pds?.stop());

  it('logs in once and keeps the session, with the account it belongs to', async () => {
    const login = await connector.login({ service: pds.url, identifier: account.handle, appPassword: account.appPassword });

    if (!login.ok) expect.fail(login.failure.reason);
    expect(login.grant).to.include({ kind: 'atproto_session', service: pds.url, did: account.did, handle: account.handle, appPassword: account.appPassword });
    expect(login.grant.accessJwt).to.be.a('string').and.not.equal('');
    expect(login.grant.refreshJwt).to.be.a('string').and.not.equal(login.grant.accessJwt);
    // The bare PDS has no app view to give a display name or an avatar: they stay empty.
    expect(login.identity).to.deep.equal({ accountId: account.did, handle: account.handle, displayName: null, avatarUrl: null });
    expect(connector.tokens.needsRefresh(login.grant, new Date())).to.equal(false);
  });

  it('reports a refused app password as a connection to make again', async () => {
    const login = await connector.login({ service: pds.url, identifier: account.handle, appPassword: 'wrong-wrong-wrong-wrong' });

    if (login.ok) expect.fail('a wrong app password logged in');
    expect(login.failure.kind).to.equal('reconnect');
  });
});
