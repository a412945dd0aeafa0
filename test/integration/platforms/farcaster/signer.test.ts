import { expect } from 'chai';
import { type FarcasterConnector } from '../../../../adapters/outbound/platforms/farcaster/FarcasterConnector';
import { NeynarFake } from '../../../support/fakes/neynarFake';
import { approvedGrant, connectorFor } from './farcasterTestKit';

describe('Farcaster connector: the Neynar managed signer', () => {
  let fake: NeynarFake;
  let connector: FarcasterConnector;

  beforeEach(async () => {
    fake = await NeynarFake.start();
    connector = connectorFor(fake);
  });
  afterEach(() => fake.stop().then(() => fake.expectNoViolations()));

  it('makes a signer, registers the app’s EIP-712 signed key request (verified by the fake) and hands back its approval URL', async () => {
    const before = Math.floor(Date.now() / 1000);
    const started = await connector.signer.start();
    if (!started.ok) throw new Error(started.failure.reason);
    const uuid = fake.onlySigner();
    expect(started.signer.signerId).to.equal(uuid);
    expect(started.signer.approvalUrl).to.match(/^https:\/\/client\.farcaster\.xyz\/deeplinks\/signed-key-request\?token=0x/);
    expect(fake.state.signers.get(uuid)?.status).to.equal('pending_approval');
    const registered = fake.received.find((r) => r.path === '/v2/farcaster/signer/signed_key/')!;
    const body = JSON.parse(registered.body.toString());
    expect(body).to.include({ signer_uuid: uuid, app_fid: fake.state.appFid });
    expect(body.deadline).to.be.within(before + 86_400, before + 86_402);
    expect(started.signer.expiresAt.getTime()).to.equal(body.deadline * 1000);
    expect(fake.received.every((r) => r.headers['x-api-key'] === fake.state.apiKey)).to.equal(true);
  });

  it('a signature by another key is refused by Neynar (the fake checks it): the start is rejected', async () => {
    const impostor = connectorFor(fake, { appMnemonic: 'legal winner thank year wave sausage worth useful legal winner thank yellow' });
    const started = await impostor.signer.start();
    expect(started).to.deep.include({ ok: false });
    if (started.ok) return;
    expect(started.failure).to.deep.include({ kind: 'rejected' });
    expect(started.failure.reason).to.match(/signature does not match/);
  });

  it('a recovery phrase that is not one stops the connector at its start, without repeating the phrase', () => {
    const phrase = 'test test test test test test test test test test test notaword';
    expect(() => connectorFor(fake, { appMnemonic: phrase }))
      .to.throw(/FARCASTER_APP_MNEMONIC: 1 of its words are not BIP-39 English words/)
      .with.property('message')
      .that.does.not.include('notaword');
  });

  it('pending until the account approves; then the account read by fid with the signer as the grant', async () => {
    const started = await connector.signer.start();
    if (!started.ok) throw new Error(started.failure.reason);
    expect(await connector.signer.check(started.signer.signerId)).to.deep.equal({ kind: 'pending' });
    fake.approve(started.signer.signerId);
    expect(await connector.signer.check(started.signer.signerId)).to.deep.equal({
      kind: 'approved',
      identity: { accountId: '4242', handle: 'ada', displayName: 'Ada Lovelace', avatarUrl: 'https://i.example/ada.png' },
      grant: { kind: 'farcaster_signer', signerUuid: started.signer.signerId, fid: 4242, username: 'ada' },
    });
  });

  it('revoked: said so; a 5xx while asking: unavailable (asked again next round)', async () => {
    const grant = await approvedGrant(fake, connector);
    fake.answerNext('GET /v2/farcaster/signer/', { kind: 'serverError' });
    expect((await connector.signer.check(grant.signerUuid)).kind).to.equal('unavailable');
    fake.revoke(grant.signerUuid);
    expect((await connector.signer.check(grant.signerUuid)).kind).to.equal('revoked');
  });

  it('upkeep: never refreshed ahead; asked after a refusal, approved keeps the grant, revoked needs reconnecting, a 429 is only later', async () => {
    const grant = await approvedGrant(fake, connector);
    expect(connector.tokens.needsRefresh(grant, new Date('2099-01-01'))).to.equal(false);
    expect(await connector.tokens.refresh(grant)).to.deep.equal({ ok: true, grant });
    fake.answerNext('GET /v2/farcaster/signer/', { kind: 'rateLimited', resetInSeconds: 30 });
    const limited = await connector.tokens.refresh(grant);
    expect(limited.ok === false && limited.failure.kind).to.equal('retryLater');
    fake.revoke(grant.signerUuid);
    const revoked = await connector.tokens.refresh(grant);
    expect(revoked).to.deep.equal({
      ok: false,
      failure: { kind: 'reconnect', reason: 'Neynar: the account revoked this signer; connect the Farcaster account again' },
    });
    const calls = fake.received.length;
    await connector.tokens.revoke(grant);
    expect(fake.received.length, 'nothing to call at Neynar on disconnect').to.equal(calls);
  });
});
