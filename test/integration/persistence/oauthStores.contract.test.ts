import { expect } from 'chai';
import { OAuthClient } from '../../../domain/oauth/OAuthClient';
import { DomainError } from '../../../domain/shared/DomainError';
import {
  at,
  client,
  code,
  grant,
  newClientId,
  newHash,
  newId,
  type OAuthBackend,
  oauthBackends,
  type OAuthStores,
  refreshToken,
  T0,
} from './oauthStoreBackends';

/** OAuthClientRepository and TokenGrants: the same contract on memory, SQLite and MySQL. */
for (const { name, open } of oauthBackends()) {
  describe(`OAuth stores contract (clients, grants, tokens): ${name}`, () => {
    let backend: OAuthBackend;
    let s: OAuthStores;
    let clientId: string;
    let userId: string;

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

    describe('clients', () => {
      it('keeps a client whole: redirect URIs, grants, scopes, secret hash and time', async () => {
        const confidential = client(newClientId(), at(1));
        const withSecret = { ...confidential.toSnapshot(), secretHash: newHash(), grants: ['refresh_token' as const], redirectUris: [] };
        await s.clients.add(OAuthClient.rehydrate(withSecret));
        expect((await s.clients.findById(withSecret.clientId))!.toSnapshot()).to.deep.equal(withSecret);
        expect((await s.clients.findById(clientId))!.toSnapshot()).to.deep.equal(client(clientId).toSnapshot());
      });

      it('answers null for an unknown client, comparing ids exactly', async () => {
        expect(await s.clients.findById('no-such-client')).to.equal(null);
        expect(await s.clients.findById(clientId.toUpperCase())).to.equal(null);
      });

      it('refuses a second client with the same id with a conflict, keeping the first', async () => {
        const again = client(clientId, at(5000));
        const error = await s.clients.add(again).then(
          () => null,
          (e: unknown) => e,
        );
        expect(error).to.be.instanceOf(DomainError);
        expect(error).to.include({ kind: 'conflict', code: 'client_exists' });
        expect((await s.clients.findById(clientId))!.toSnapshot().createdAt).to.deep.equal(T0);
      });

      it('lists every client, oldest first, ties by id', async () => {
        const later = client(`a${newClientId()}`, at(-1));
        await s.clients.add(later);
        const ids = (await s.clients.list()).map((c) => c.clientId);
        expect(ids).to.include.members([clientId, later.clientId]);
        expect(ids.indexOf(later.clientId)).to.be.below(ids.indexOf(clientId));
      });

      it('removes a client once: true, then false', async () => {
        expect(await s.clients.remove(clientId)).to.equal(true);
        expect(await s.clients.findById(clientId)).to.equal(null);
        expect(await s.clients.remove(clientId)).to.equal(false);
      });
    });

    describe('grants', () => {
      it('keeps a grant whole and answers null for an unknown one', async () => {
        const g = grant(clientId, userId);
        await s.grants.createGrant(g);
        expect(await s.grants.findGrant(g.id)).to.deep.equal(g);
        expect(await s.grants.findGrant(newId())).to.equal(null);
      });

      it('revokes a grant once: a second revocation keeps the first time', async () => {
        const g = grant(clientId, userId);
        await s.grants.createGrant(g);
        await s.grants.revokeGrant(g.id, at(1000));
        await s.grants.revokeGrant(g.id, at(2000));
        expect(await s.grants.findGrant(g.id)).to.deep.equal({ ...g, revokedAt: at(1000) });
        await s.grants.revokeGrant(newId(), at(1000)); // unknown: not an error
      });
    });

    describe('authorization codes', () => {
      it('consumes a code once: the first use gets it, a replay is told so with the first time', async () => {
        const g = grant(clientId, userId);
        const c = code(g);
        await s.grants.saveCode(c);
        expect(await s.grants.consumeCode(c.codeHash, at(10))).to.deep.equal({ record: { ...c, consumedAt: at(10) }, firstUse: true });
        expect(await s.grants.consumeCode(c.codeHash, at(20))).to.deep.equal({ record: { ...c, consumedAt: at(10) }, firstUse: false });
      });

      it('answers null for an unknown code, and never mistakes a code for a refresh token', async () => {
        const g = grant(clientId, userId);
        const c = code(g);
        await s.grants.saveCode(c);
        expect(await s.grants.consumeCode(newHash(), at(10))).to.equal(null);
        expect(await s.grants.findRefreshToken(c.codeHash)).to.equal(null);
        expect(await s.grants.consumeRefreshToken(c.codeHash, at(10))).to.equal(null);
        expect((await s.grants.consumeCode(c.codeHash, at(20)))!.firstUse).to.equal(true);
      });

      it('gives exactly one of many concurrent redemptions the first use, across instances', async () => {
        const c = code(grant(clientId, userId));
        await s.grants.saveCode(c);
        const stores = [s, backend.open(), backend.open()];
        const results = await Promise.all(Array.from({ length: 10 }, (_, i) => stores[i % 3]!.grants.consumeCode(c.codeHash, at(i))));
        expect(results.every((r) => r !== null)).to.equal(true);
        expect(results.filter((r) => r!.firstUse)).to.have.length(1);
        const winner = results.findIndex((r) => r!.firstUse);
        for (const r of results) expect(r!.record.consumedAt).to.deep.equal(at(winner));
      });
    });

    describe('refresh tokens', () => {
      it('keeps a refresh token whole and finds it by its hash', async () => {
        const g = grant(clientId, userId);
        await s.grants.createGrant(g);
        const t = refreshToken(g);
        await s.grants.saveRefreshToken(t);
        expect(await s.grants.findRefreshToken(t.tokenHash)).to.deep.equal(t);
        expect(await s.grants.findRefreshToken(newHash())).to.equal(null);
      });

      it('consumes a refresh token once (rotation): a replay is told so, and the record shows when it was used', async () => {
        const g = grant(clientId, userId);
        await s.grants.createGrant(g);
        const t = refreshToken(g);
        await s.grants.saveRefreshToken(t);
        expect(await s.grants.consumeRefreshToken(t.tokenHash, at(100))).to.deep.equal({ record: { ...t, consumedAt: at(100) }, firstUse: true });
        expect(await s.grants.consumeRefreshToken(t.tokenHash, at(200))).to.deep.equal({ record: { ...t, consumedAt: at(100) }, firstUse: false });
        expect(await s.grants.findRefreshToken(t.tokenHash)).to.deep.equal({ ...t, consumedAt: at(100) });
        expect(await s.grants.consumeRefreshToken(newHash(), at(100))).to.equal(null);
        expect(await s.grants.consumeCode(t.tokenHash, at(100))).to.equal(null);
      });

      it('gives exactly one of two (and of many) concurrent refreshes the first use, across instances', async () => {
        const g = grant(clientId, userId);
        await s.grants.createGrant(g);
        const pair = refreshToken(g);
        const many = refreshToken(g);
        await s.grants.saveRefreshToken(pair);
        await s.grants.saveRefreshToken(many);
        const other = backend.open();
        const two = await Promise.all([s.grants.consumeRefreshToken(pair.tokenHash, at(1)), other.grants.consumeRefreshToken(pair.tokenHash, at(2))]);
        expect(two.map((r) => r!.firstUse).sort()).to.deep.equal([false, true]);
        const stores = [s, other, backend.open()];
        const results = await Promise.all(Array.from({ length: 12 }, (_, i) => stores[i % 3]!.grants.consumeRefreshToken(many.tokenHash, at(i))));
        expect(results.filter((r) => r!.firstUse)).to.have.length(1);
      });
    });
  });
}
