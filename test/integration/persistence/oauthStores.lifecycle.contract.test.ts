import { expect } from 'chai';
import { type DeviceAuthorization } from '../../../domain/oauth/DeviceAuthorization';
import {
  at,
  client,
  code,
  device,
  grant,
  newClientId,
  newHash,
  newId,
  type OAuthBackend,
  oauthBackends,
  type OAuthStores,
  refreshToken,
  ticket,
} from './oauthStoreBackends';

/** DeviceAuthorizations, ConsentTickets, removal of a client and the sweeps: on memory, SQLite and MySQL. */
for (const { name, open } of oauthBackends()) {
  describe(`OAuth stores contract (devices, tickets, removal, sweep): ${name}`, () => {
    let backend: OAuthBackend;
    let s: OAuthStores;
    let clientId: string;
    let userId: string;
    const decision = (): NonNullable<DeviceAuthorization['decision']> => ({ userId, workspaceId: newId(), scopes: ['posts:read'], grantId: newId() });

    before(async function () {
      backend = await open(this);
      s = backend.open();
    });
    after(async () => backend?.close());
    beforeEach(async () => {
      clientId = newClientId();
      userId = newId();
      await backend.user(userId);
      await s.clients.add(client(clientId));
    });

    describe('device authorizations', () => {
      it('keeps a device authorization whole, found by either code, and records polls', async () => {
        const d = device(clientId, { workspaceHint: newId() });
        await s.devices.save(d);
        expect(await s.devices.findByDeviceCode(d.deviceCodeHash)).to.deep.equal(d);
        expect(await s.devices.findByUserCode(d.userCodeHash)).to.deep.equal(d);
        expect(await s.devices.findByDeviceCode(d.userCodeHash)).to.equal(null);
        expect(await s.devices.findByUserCode(newHash())).to.equal(null);
        await s.devices.recordPoll(d.id, at(5000));
        await s.devices.recordPoll(d.id, at(9000));
        expect(await s.devices.findByDeviceCode(d.deviceCodeHash)).to.deep.equal({ ...d, lastPolledAt: at(9000) });
      });

      it('approves a pending one once, then redeems it once', async () => {
        const d = device(clientId);
        await s.devices.save(d);
        expect(await s.devices.redeem(d.id)).to.equal(false); // not approved yet
        const approved = decision();
        expect(await s.devices.decide(d.id, approved, at(1000))).to.equal(true);
        expect(await s.devices.decide(d.id, null, at(2000))).to.equal(false);
        expect(await s.devices.decide(d.id, decision(), at(2000))).to.equal(false);
        expect(await s.devices.findByDeviceCode(d.deviceCodeHash)).to.deep.equal({ ...d, status: 'approved', decision: approved });
        expect(await s.devices.redeem(d.id)).to.equal(true);
        expect(await s.devices.redeem(d.id)).to.equal(false);
        expect(await s.devices.findByUserCode(d.userCodeHash)).to.deep.equal({ ...d, status: 'redeemed', decision: approved });
        expect(await s.devices.decide(d.id, approved, at(3000))).to.equal(false);
      });

      it('denies with a null decision: denied for good, never redeemable', async () => {
        const d = device(clientId);
        await s.devices.save(d);
        expect(await s.devices.decide(d.id, null, at(1000))).to.equal(true);
        expect(await s.devices.findByDeviceCode(d.deviceCodeHash)).to.deep.equal({ ...d, status: 'denied', decision: null });
        expect(await s.devices.decide(d.id, decision(), at(2000))).to.equal(false);
        expect(await s.devices.redeem(d.id)).to.equal(false);
        expect(await s.devices.decide(newId(), null, at(1000))).to.equal(false);
      });

      it('lets exactly one of concurrent decisions, and of concurrent redemptions, win', async () => {
        const d = device(clientId);
        await s.devices.save(d);
        const stores = [s, backend.open(), backend.open()];
        const decided = await Promise.all(Array.from({ length: 9 }, (_, i) => stores[i % 3]!.devices.decide(d.id, i % 2 ? null : decision(), at(i))));
        expect(decided.filter(Boolean)).to.have.length(1);
        const d2 = device(clientId);
        await s.devices.save(d2);
        await s.devices.decide(d2.id, decision(), at(1));
        const redeemed = await Promise.all(Array.from({ length: 9 }, (_, i) => stores[i % 3]!.devices.redeem(d2.id)));
        expect(redeemed.filter(Boolean)).to.have.length(1);
      });
    });

    describe('consent tickets', () => {
      it('gives a ticket back whole once; a replay finds nothing; it can be saved again after', async () => {
        const t = ticket(clientId, userId);
        const stateless = ticket(clientId, userId, { state: null });
        await s.tickets.save(t);
        await s.tickets.save(stateless);
        expect(await s.tickets.take(t.idHash)).to.deep.equal(t);
        expect(await s.tickets.take(t.idHash)).to.equal(null);
        expect(await s.tickets.take(stateless.idHash)).to.deep.equal(stateless);
        expect(await s.tickets.take(newHash())).to.equal(null);
        await s.tickets.save(t); // a choice to correct: the same ticket again
        expect(await s.tickets.take(t.idHash)).to.deep.equal(t);
      });

      it('gives a ticket taken concurrently to exactly one caller, across instances', async () => {
        const t = ticket(clientId, userId);
        await s.tickets.save(t);
        const stores = [s, backend.open(), backend.open()];
        const taken = await Promise.all(Array.from({ length: 9 }, (_, i) => stores[i % 3]!.tickets.take(t.idHash)));
        expect(taken.filter((x) => x !== null)).to.deep.equal([t]);
      });
    });

    it('removes with a client its grants, codes, refresh tokens, device authorizations and tickets, and no other', async () => {
      const otherId = newClientId();
      await s.clients.add(client(otherId));
      const held = async (id: string) => {
        const g = grant(id, userId);
        const c = code(g);
        const r = refreshToken(g);
        const d = device(id);
        const t = ticket(id, userId);
        await s.grants.createGrant(g);
        await s.grants.saveCode(c);
        await s.grants.saveRefreshToken(r);
        await s.devices.save(d);
        await s.tickets.save(t);
        return { g, c, r, d, t };
      };
      const mine = await held(clientId);
      const theirs = await held(otherId);
      expect(await s.clients.remove(clientId)).to.equal(true);
      expect(await s.grants.findGrant(mine.g.id)).to.equal(null);
      expect(await s.grants.consumeCode(mine.c.codeHash, at(1))).to.equal(null);
      expect(await s.grants.findRefreshToken(mine.r.tokenHash)).to.equal(null);
      expect(await s.devices.findByDeviceCode(mine.d.deviceCodeHash)).to.equal(null);
      expect(await s.tickets.take(mine.t.idHash)).to.equal(null);
      expect(await s.grants.findGrant(theirs.g.id)).to.deep.equal(theirs.g);
      expect((await s.grants.consumeCode(theirs.c.codeHash, at(1)))!.firstUse).to.equal(true);
      expect(await s.grants.findRefreshToken(theirs.r.tokenHash)).to.deep.equal(theirs.r);
      expect(await s.devices.findByDeviceCode(theirs.d.deviceCodeHash)).to.deep.equal(theirs.d);
      expect(await s.tickets.take(theirs.t.idHash)).to.deep.equal(theirs.t);
    });

    describe('sweep', () => {
      // Every other test's rows end in 2030; these end around 2020, so the counts are exact.
      const EARLY = new Date('2020-01-01T00:00:00.000Z');
      const CUTOFF = new Date('2020-01-02T00:00:00.000Z');
      const LATE = new Date('2020-01-03T00:00:00.000Z');
      const FAR = new Date('2040-01-01T00:00:00.000Z');

      it('removes expired codes and refresh tokens, then the ended or revoked families nothing refers to', async () => {
        const ended = grant(clientId, userId, { createdAt: EARLY, expiresAt: EARLY });
        const revokedHeld = grant(clientId, userId, { createdAt: EARLY, expiresAt: FAR, revokedAt: EARLY });
        const revokedEmpty = grant(clientId, userId, { createdAt: EARLY, expiresAt: FAR, revokedAt: EARLY });
        const revokedAtCutoff = grant(clientId, userId, { createdAt: EARLY, expiresAt: FAR, revokedAt: CUTOFF });
        const live = grant(clientId, userId, { createdAt: EARLY, expiresAt: FAR });
        for (const g of [ended, revokedHeld, revokedEmpty, revokedAtCutoff, live]) await s.grants.createGrant(g);
        const expiredCode = code(live, { expiresAt: EARLY });
        const codeAtCutoff = code(live, { expiresAt: CUTOFF });
        const endedToken = refreshToken(ended, { createdAt: EARLY, expiresAt: EARLY, consumedAt: EARLY });
        const heldToken = refreshToken(revokedHeld, { createdAt: EARLY, expiresAt: LATE, consumedAt: EARLY });
        await s.grants.saveCode(expiredCode);
        await s.grants.saveCode(codeAtCutoff);
        await s.grants.saveRefreshToken(endedToken);
        await s.grants.saveRefreshToken(heldToken);

        expect(await s.grants.sweep(CUTOFF)).to.equal(4); // expiredCode, endedToken, ended, revokedEmpty
        expect(await s.grants.consumeCode(expiredCode.codeHash, LATE)).to.equal(null);
        expect(await s.grants.findRefreshToken(endedToken.tokenHash)).to.equal(null);
        expect(await s.grants.findGrant(ended.id)).to.equal(null);
        expect(await s.grants.findGrant(revokedEmpty.id)).to.equal(null);
        expect(await s.grants.findRefreshToken(heldToken.tokenHash)).to.deep.equal(heldToken);
        expect((await s.grants.consumeCode(codeAtCutoff.codeHash, LATE))!.firstUse).to.equal(true);
        for (const g of [revokedHeld, revokedAtCutoff, live]) expect(await s.grants.findGrant(g.id)).to.deep.equal(g);
        expect(await s.grants.sweep(CUTOFF)).to.equal(0);

        // Once its last token is gone, the revoked family goes too.
        expect(await s.grants.sweep(new Date(LATE.getTime() + 1))).to.equal(4); // heldToken, codeAtCutoff, revokedHeld, revokedAtCutoff
        expect(await s.grants.findGrant(revokedHeld.id)).to.equal(null);
        expect(await s.grants.findGrant(live.id)).to.deep.equal(live);
      });

      it('removes device authorizations and consent tickets that expired before the cutoff, keeping the one at it', async () => {
        const old = device(clientId, { createdAt: EARLY, expiresAt: EARLY });
        const atCutoff = device(clientId, { createdAt: EARLY, expiresAt: CUTOFF });
        await s.devices.save(old);
        await s.devices.save(atCutoff);
        expect(await s.devices.sweep(CUTOFF)).to.equal(1);
        expect(await s.devices.findByDeviceCode(old.deviceCodeHash)).to.equal(null);
        expect(await s.devices.findByDeviceCode(atCutoff.deviceCodeHash)).to.deep.equal(atCutoff);

        const oldTicket = ticket(clientId, userId, { expiresAt: EARLY });
        const ticketAtCutoff = ticket(clientId, userId, { expiresAt: CUTOFF });
        await s.tickets.save(oldTicket);
        await s.tickets.save(ticketAtCutoff);
        expect(await s.tickets.sweep(CUTOFF)).to.equal(1);
        expect(await s.tickets.take(oldTicket.idHash)).to.equal(null);
        expect(await s.tickets.take(ticketAtCutoff.idHash)).to.deep.equal(ticketAtCutoff);
      });
    });
  });
}
