import { expect } from 'chai';
import { type DataSource } from 'typeorm';
import { Connection } from '../../domain/connection/Connection';
import { type ConnectionRepository } from '../../domain/connection/ConnectionRepository';
import { ApiKey } from '../../domain/credential/ApiKey';
import { type ApiKeyRepository } from '../../domain/credential/ApiKeyRepository';
import { DomainError } from '../../domain/shared/DomainError';
import { User } from '../../domain/user/User';
import { type UserRepository } from '../../domain/user/UserRepository';
import { Membership } from '../../domain/workspace/Membership';
import { type MembershipRepository } from '../../domain/workspace/MembershipRepository';
import { Workspace } from '../../domain/workspace/Workspace';
import { type WorkspaceRepository } from '../../domain/workspace/WorkspaceRepository';
import { type SigningKeyStore, type StoredSigningKey } from '../../adapters/outbound/keys/SigningKeyStore';
import * as memory from '../../adapters/outbound/persistence/memory';
import * as typeorm from '../../adapters/outbound/persistence/typeorm/repositories';
import { openTestDatabase, type DatabaseKind } from '../support/databases';
import { requireServer } from '../support/services';

interface Repositories {
  users: UserRepository;
  workspaces: WorkspaceRepository;
  memberships: MembershipRepository;
  apiKeys: ApiKeyRepository;
  connections: ConnectionRepository;
  signingKeys: SigningKeyStore;
}
interface Backend {
  repositories: Repositories;
  close(): Promise<void>;
}

// Fixtures: ids unique within a run (a leading letter lets a test choose tie-break order), odd milliseconds.
let counter = 0;
const id = (lead = '0') => `${lead}${String(++counter).padStart(25, '0')}`;
const T = Date.parse('2024-05-06T07:08:09.123Z');
const at = (ms: number) => new Date(T + ms);
const EMOJI = 'Launch crew 🚀👩🏽‍💻';

const newUser = (over: { name?: string | null } = {}) =>
  User.create({ id: id(), email: `User${counter}@Example.com`, name: over.name ?? null, passwordHash: `hash-${counter}`, now: at(counter) });
const newWorkspace = (name = 'Acme', now = at(1)) => Workspace.create({ id: id(), name, now });
const newKey = (ws: Workspace, user: User, prefix = `dsk_${id()}`) =>
  ApiKey.create({
    id: id(),
    workspaceId: ws.id,
    userId: user.id,
    name: 'CI',
    creatorRole: 'owner',
    role: 'editor',
    scopes: ['posts:write', 'posts:read'],
    lookupPrefix: prefix,
    secretHash: 'sha256$abc',
    now: at(987),
  });
const newConnection = (ws: Workspace, now: Date, lead = '0', displayName: string | null = null) =>
  Connection.create({ id: id(lead), workspaceId: ws.id, platform: 'BLUESKY', handle: `h${counter}.bsky.social`, displayName, now });

async function expectConflict(promise: Promise<unknown>, code: string): Promise<void> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).to.be.instanceOf(DomainError);
  expect(error).to.include({ kind: 'conflict', code });
}

function repositoryContract(name: string, openBackend: (ctx: Mocha.Context) => Promise<Backend>): void {
  describe(`Repository contract: ${name}`, function () {
    let backend: Backend;
    let r: Repositories;
    before(async function () {
      backend = await openBackend(this);
      r = backend.repositories;
    });
    after(async () => backend?.close());

    /** A saved workspace with a saved owner, the parents most rows need. */
    async function workspaceWithOwner(): Promise<{ ws: Workspace; user: User }> {
      const user = newUser();
      const ws = newWorkspace();
      await r.users.save(user);
      await r.workspaces.save(ws);
      await r.memberships.save(Membership.create({ workspaceId: ws.id, userId: user.id, role: 'owner', now: at(5) }));
      return { ws, user };
    }

    describe('users', () => {
      it('round-trips every field, milliseconds and a null name included', async () => {
        const user = newUser();
        await r.users.save(user);
        expect((await r.users.findById(user.id))!.toSnapshot()).to.deep.equal(user.toSnapshot());
        expect((await r.users.findByEmail(user.email))!.toSnapshot()).to.deep.equal(user.toSnapshot());
        expect(await r.users.findById(id())).to.equal(null);
        expect(await r.users.findByEmail('nobody@example.com')).to.equal(null);
      });

      it('keeps 4-byte characters (utf8mb4) in names', async () => {
        const user = newUser({ name: EMOJI });
        const ws = newWorkspace(EMOJI);
        await r.users.save(user);
        await r.workspaces.save(ws);
        expect((await r.users.findById(user.id))!.name).to.equal(EMOJI);
        expect((await r.workspaces.findById(ws.id))!.name).to.equal(EMOJI);
      });

      it('updates on a second save, and counts each user once', async () => {
        const user = newUser({ name: 'Before' });
        await r.users.save(user);
        const before = await r.users.count();
        const renamed = User.rehydrate({ ...user.toSnapshot(), name: 'After', passwordHash: 'rehashed' });
        await r.users.save(renamed);
        expect(await r.users.count()).to.equal(before);
        expect((await r.users.findById(user.id))!.toSnapshot()).to.deep.equal(renamed.toSnapshot());
      });

      it('refuses a second user with the same email, leaving the first untouched', async () => {
        const first = newUser();
        await r.users.save(first);
        const second = User.rehydrate({ ...newUser().toSnapshot(), email: first.email });
        await expectConflict(r.users.save(second), 'email_taken');
        expect(await r.users.findById(second.id)).to.equal(null);
        expect((await r.users.findByEmail(first.email))!.id).to.equal(first.id);
      });

      it('lists every user oldest first, ties broken by id, with a changed password kept', async () => {
        const late = User.create({ id: id('b'), email: `late${counter}@example.com`, passwordHash: 'h', now: at(-1000) });
        const tiedFirst = User.create({ id: id('a'), email: `tied-a${counter}@example.com`, passwordHash: 'h', now: at(-2000) });
        const tiedSecond = User.create({ id: id('b'), email: `tied-b${counter}@example.com`, passwordHash: 'h', now: at(-2000) });
        for (const user of [late, tiedSecond, tiedFirst]) await r.users.save(user);
        tiedFirst.changePassword('rehashed');
        await r.users.save(tiedFirst);
        const listed = (await r.users.list()).filter((u) => [late.id, tiedFirst.id, tiedSecond.id].includes(u.id));
        expect(listed.map((u) => u.id)).to.deep.equal([tiedFirst.id, tiedSecond.id, late.id]);
        expect(listed[0]!.toSnapshot()).to.deep.equal(tiedFirst.toSnapshot());
        expect((await r.users.list()).length).to.equal(await r.users.count());
      });

      it('hands out copies: changing a returned object changes nothing stored', async () => {
        const user = newUser();
        await r.users.save(user);
        (await r.users.findById(user.id))!.createdAt.setTime(0);
        expect((await r.users.findById(user.id))!.createdAt.getTime()).to.equal(user.createdAt.getTime());
      });
    });

    describe('workspaces', () => {
      it('round-trips, updates on a second save, and finds many in the order asked', async () => {
        const [a, b] = [newWorkspace('A', at(1)), newWorkspace('B', at(2))];
        await r.workspaces.save(a);
        await r.workspaces.save(b);
        const renamed = Workspace.rehydrate({ ...a.toSnapshot(), name: 'A2' });
        await r.workspaces.save(renamed);
        expect((await r.workspaces.findById(a.id))!.toSnapshot()).to.deep.equal(renamed.toSnapshot());
        const found = await r.workspaces.findByIds([b.id, id(), a.id, b.id]);
        expect(found.map((w) => w.id)).to.deep.equal([b.id, a.id]);
        expect(await r.workspaces.findByIds([])).to.deep.equal([]);
      });
    });

    describe('memberships', () => {
      it('round-trips, changes role on a second save, and removes', async () => {
        const { ws, user } = await workspaceWithOwner();
        const membership = (await r.memberships.find(ws.id, user.id))!;
        expect(membership.toSnapshot()).to.deep.equal({ workspaceId: ws.id, userId: user.id, role: 'owner', createdAt: at(5) });
        membership.changeRole('viewer');
        expect((await r.memberships.find(ws.id, user.id))!.role, 'unsaved change').to.equal('owner');
        await r.memberships.save(membership);
        expect((await r.memberships.find(ws.id, user.id))!.role).to.equal('viewer');
        await r.memberships.remove(ws.id, user.id);
        await r.memberships.remove(ws.id, user.id);
        expect(await r.memberships.find(ws.id, user.id)).to.equal(null);
      });

      it('lists by user and by workspace, oldest first', async () => {
        const { ws, user: owner } = await workspaceWithOwner();
        const other = newWorkspace();
        const member = newUser();
        await r.workspaces.save(other);
        await r.users.save(member);
        await r.memberships.save(Membership.create({ workspaceId: ws.id, userId: member.id, role: 'editor', now: at(9) }));
        await r.memberships.save(Membership.create({ workspaceId: other.id, userId: member.id, role: 'viewer', now: at(7) }));
        expect((await r.memberships.listByUser(member.id)).map((m) => [m.workspaceId, m.role])).to.deep.equal([
          [other.id, 'viewer'],
          [ws.id, 'editor'],
        ]);
        expect((await r.memberships.listByWorkspace(ws.id)).map((m) => m.userId)).to.deep.equal([owner.id, member.id]);
        expect(await r.memberships.listByUser(id())).to.deep.equal([]);
      });
    });

    describe('API keys', () => {
      it('round-trips every field and is found by its exact lookup prefix', async () => {
        const { ws, user } = await workspaceWithOwner();
        const key = newKey(ws, user, `dsk_Ab${counter}`);
        await r.apiKeys.save(key);
        expect((await r.apiKeys.findById(key.id))!.toSnapshot()).to.deep.equal(key.toSnapshot());
        expect((await r.apiKeys.findByLookupPrefix(key.lookupPrefix))!.id).to.equal(key.id);
        expect(await r.apiKeys.findByLookupPrefix(key.lookupPrefix.toLowerCase()), 'case-sensitive').to.equal(null);
      });

      it('persists a revocation', async () => {
        const { ws, user } = await workspaceWithOwner();
        const key = newKey(ws, user);
        await r.apiKeys.save(key);
        key.revoke(at(60_001));
        await r.apiKeys.save(key);
        const found = (await r.apiKeys.findByLookupPrefix(key.lookupPrefix))!;
        expect(found.isRevoked).to.equal(true);
        expect(found.revokedAt!.toISOString()).to.equal(at(60_001).toISOString());
      });

      it('refuses a second key with the same lookup prefix', async () => {
        const { ws, user } = await workspaceWithOwner();
        const first = newKey(ws, user);
        await r.apiKeys.save(first);
        await expectConflict(r.apiKeys.save(newKey(ws, user, first.lookupPrefix)), 'lookup_prefix_taken');
        expect((await r.apiKeys.findByLookupPrefix(first.lookupPrefix))!.id).to.equal(first.id);
      });

      it('lists the keys of one workspace only, revoked ones included, oldest first with ties by id', async () => {
        const { ws, user } = await workspaceWithOwner();
        const other = await workspaceWithOwner();
        const newer = ApiKey.rehydrate({ ...newKey(ws, user).toSnapshot(), createdAt: at(5_000) });
        const first = newKey(ws, user);
        const second = newKey(ws, user);
        for (const key of [newer, second, first, newKey(other.ws, other.user)]) await r.apiKeys.save(key);
        second.revoke(at(60_001));
        await r.apiKeys.save(second);
        const listed = await r.apiKeys.listByWorkspace(ws.id);
        expect(listed.map((k) => k.id)).to.deep.equal([first.id, second.id, newer.id]);
        expect(listed[1]!.toSnapshot()).to.deep.equal(second.toSnapshot());
        expect(await r.apiKeys.listByWorkspace('0-no-such-workspace')).to.deep.equal([]);
      });
    });

    describe('connections', () => {
      it('round-trips every field, nulls and 4-byte characters included, and updates', async () => {
        const { ws } = await workspaceWithOwner();
        const plain = newConnection(ws, at(3));
        const named = newConnection(ws, at(4), '0', EMOJI);
        await r.connections.save(plain);
        await r.connections.save(named);
        expect((await r.connections.findById(plain.id))!.toSnapshot()).to.deep.equal(plain.toSnapshot());
        expect((await r.connections.findById(named.id))!.toSnapshot()).to.deep.equal(named.toSnapshot());
        const broken = Connection.rehydrate({ ...plain.toSnapshot(), status: 'needs_reconnect' });
        await r.connections.save(broken);
        expect((await r.connections.findById(plain.id))!.status).to.equal('needs_reconnect');
        expect((await r.connections.findByIds([named.id, id(), plain.id])).map((c) => c.id)).to.deep.equal([named.id, plain.id]);
      });

      it('keeps whether a connection is a sandbox one, by id and among many', async () => {
        const { ws } = await workspaceWithOwner();
        const sandbox = Connection.rehydrate({ ...newConnection(ws, at(5)).toSnapshot(), sandbox: true });
        const real = newConnection(ws, at(6));
        await r.connections.save(sandbox);
        await r.connections.save(real);
        expect((await r.connections.findById(sandbox.id))!.toSnapshot()).to.deep.equal(sandbox.toSnapshot());
        expect((await r.connections.findByIds([sandbox.id, real.id])).map((c) => c.isSandbox)).to.deep.equal([true, false]);
        expect((await r.connections.listByWorkspace(ws.id, { limit: 10, offset: 0 })).items.map((c) => c.isSandbox)).to.deep.equal([true, false]);
      });

      it('keeps the platform account, what it publishes as, and its health (reason, last error)', async () => {
        const { ws } = await workspaceWithOwner();
        const connection = Connection.create({
          id: id(),
          workspaceId: ws.id,
          platform: 'LINKEDIN',
          handle: 'me',
          accountId: 'member-42',
          publishAs: { id: 'urn:li:organization:7', kind: 'organization', name: `Acme ${EMOJI}` },
          now: at(7),
        });
        connection.recordError('LinkedIn answered 503 (a timeout)', at(8));
        connection.needsReconnect('LinkedIn says the token was revoked (REVOKED_ACCESS_TOKEN)', at(9));
        await r.connections.save(connection);
        expect((await r.connections.findById(connection.id))!.toSnapshot()).to.deep.equal(connection.toSnapshot());
        expect((await r.connections.findByIds([connection.id]))[0]!.toSnapshot()).to.deep.equal(connection.toSnapshot());
        connection.reconnected();
        await r.connections.save(connection);
        expect((await r.connections.findById(connection.id))!.toSnapshot()).to.include({ status: 'active', statusReason: null });
      });

      it('lists oldest first, ties by id, a millisecond apart counted, with paging and total', async () => {
        const { ws } = await workspaceWithOwner();
        const { ws: elsewhere } = await workspaceWithOwner();
        const late = newConnection(ws, at(2000), 'B');
        const first = newConnection(ws, at(0), 'Z');
        const oneMsLater = newConnection(ws, at(1), 'A');
        const tieA = newConnection(ws, at(1000), 'A');
        const tieC = newConnection(ws, at(1000), 'C');
        for (const c of [late, first, tieC, oneMsLater, tieA, newConnection(elsewhere, at(0))]) await r.connections.save(c);
        const page = async (offset: number, limit: number) => {
          const { items, total } = await r.connections.listByWorkspace(ws.id, { offset, limit });
          return { ids: items.map((c) => c.id), total };
        };
        expect(await page(0, 10)).to.deep.equal({ ids: [first.id, oneMsLater.id, tieA.id, tieC.id, late.id], total: 5 });
        expect(await page(1, 2)).to.deep.equal({ ids: [oneMsLater.id, tieA.id], total: 5 });
        expect(await page(4, 10)).to.deep.equal({ ids: [late.id], total: 5 });
        expect(await page(9, 10)).to.deep.equal({ ids: [], total: 5 });
        expect(await page(0, 0)).to.deep.equal({ ids: [], total: 5 });
      });
    });

    describe('signing keys', () => {
      const key = (kid: string, ms: number): StoredSigningKey => ({
        kid,
        algorithm: 'EdDSA',
        publicJwk: `{"kty":"OKP","kid":"${kid}"}`,
        encryptedPrivateJwk: `v1.${kid}.sealed`,
        createdAt: at(ms),
        activatesAt: at(ms + 3_600_000),
      });

      it('lists oldest first (ties by kid), refuses a duplicate kid, and hands out copies', async () => {
        const [newest, oldest, tie] = [key(`b-${id()}`, 5), key(`k-${id()}`, 0), key(`a-${id()}`, 5)];
        for (const k of [newest, oldest, tie]) await r.signingKeys.add(k);
        const mine = async () => (await r.signingKeys.list()).filter((k) => [newest, oldest, tie].some((m) => m.kid === k.kid));
        const listed = await mine();
        expect(listed).to.deep.equal([oldest, tie, newest]);
        await expectConflict(r.signingKeys.add({ ...oldest, publicJwk: '{}' }), 'signing_key_exists');
        listed[0]!.createdAt.setTime(0);
        expect(await mine()).to.deep.equal([oldest, tie, newest]);
      });

      it('removes a key by kid, and removing one not stored is no error', async () => {
        const [kept, gone] = [key(`c-${id()}`, 0), key(`d-${id()}`, 1)];
        for (const k of [kept, gone]) await r.signingKeys.add(k);
        await r.signingKeys.remove(gone.kid);
        await r.signingKeys.remove(gone.kid);
        const kids = (await r.signingKeys.list()).map((k) => k.kid);
        expect(kids).to.include(kept.kid);
        expect(kids).not.to.include(gone.kid);
      });
    });

    it('stores instants, not wall-clock times: written in one TZ, read in another, unchanged', async () => {
      const saved = process.env.TZ;
      const user = newUser();
      try {
        process.env.TZ = 'Asia/Kolkata'; // +05:30, so even a half-hour shift would show
        await r.users.save(user);
        process.env.TZ = 'America/Los_Angeles';
        expect((await r.users.findById(user.id))!.createdAt.toISOString()).to.equal(user.createdAt.toISOString());
      } finally {
        if (saved === undefined) delete process.env.TZ;
        else process.env.TZ = saved;
      }
    });
  });
}

repositoryContract('in-memory', async () => ({
  repositories: {
    users: new memory.MemoryUserRepository(),
    workspaces: new memory.MemoryWorkspaceRepository(),
    memberships: new memory.MemoryMembershipRepository(),
    apiKeys: new memory.MemoryApiKeyRepository(),
    connections: new memory.MemoryConnectionRepository(),
    signingKeys: new memory.MemorySigningKeyStore(),
  },
  close: async () => undefined,
}));

function onDatabase(kind: DatabaseKind) {
  return async (ctx: Mocha.Context): Promise<Backend> => {
    if (kind === 'mysql') await requireServer(ctx, 'MySQL');
    const dataSource: DataSource = await openTestDatabase(kind);
    return {
      repositories: {
        users: new typeorm.TypeOrmUserRepository(dataSource),
        workspaces: new typeorm.TypeOrmWorkspaceRepository(dataSource),
        memberships: new typeorm.TypeOrmMembershipRepository(dataSource),
        apiKeys: new typeorm.TypeOrmApiKeyRepository(dataSource),
        connections: new typeorm.TypeOrmConnectionRepository(dataSource),
        signingKeys: new typeorm.TypeOrmSigningKeyStore(dataSource),
      },
      close: () => dataSource.destroy(),
    };
  };
}

repositoryContract('TypeORM on SQLite', onDatabase('sqlite'));
repositoryContract('TypeORM on MariaDB', onDatabase('mysql'));
