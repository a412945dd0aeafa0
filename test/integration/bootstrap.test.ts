import { expect } from 'chai';
import { BootstrapFirstStart } from '../../application/admin/BootstrapFirstStart';
import { ManageApiKeys } from '../../application/admin/ManageApiKeys';
import { TOKENS } from '../../config/tokens';
import { type ServiceToken } from '../../config/Wiring';
import { DATABASE_KINDS, serverFor } from '../support/databases';
import { requireServer } from '../support/services';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../support/testApp';

/** The real use case, crashing where a key would be minted. */
class CrashingApiKeys extends ManageApiKeys {
  override async create(): Promise<never> {
    throw new Error('crash while minting the key');
  }
}

for (const kind of DATABASE_KINDS) {
  describe(`first-start bootstrap on ${kind}`, function () {
    let t: TestApp;
    let databaseEnv: Record<string, string>;
    const get = <T>(service: ServiceToken<T>): T => t.composition.get(service);

    beforeEach(async function () {
      const server = serverFor(kind);
      if (server) await requireServer(this, server);
      databaseEnv = await freshDatabaseEnv(kind);
      t = await startTestApp(databaseEnv);
    });
    afterEach(async () => t?.close());

    it('creates the owner, the workspace and a working key once; a second run does nothing', async () => {
      const bootstrap = get(TOKENS.BootstrapFirstStart);
      const first = await bootstrap.execute();
      expect(first?.apiKey.secret).to.match(/^dsk_/);
      expect(await bootstrap.execute()).to.equal(null);
      expect(await get(TOKENS.UserRepository).count()).to.equal(1);
    });

    it('run by two processes at once on the same empty database: one makes the owner, the other returns null', async () => {
      // A second composition on the same database: its own DataSource and pool, as another process has.
      const other = await startTestApp(databaseEnv);
      try {
        const results = await Promise.all([get(TOKENS.BootstrapFirstStart).execute(), other.composition.get(TOKENS.BootstrapFirstStart).execute()]);
        expect(results.filter((r) => r !== null)).to.have.length(1);
        expect(await get(TOKENS.UserRepository).count()).to.equal(1);
        const made = results.find((r) => r !== null)!;
        const { total } = await get(TOKENS.ConnectionRepository).listByWorkspace(made.workspaceId, { limit: 10, offset: 0 });
        expect(total).to.equal(3);
      } finally {
        await other.close();
      }
    });

    it('leaves nothing behind when it fails half-way (no owner whose password was never shown)', async () => {
      const failingKeys = new CrashingApiKeys(
        get(TOKENS.ApiKeyRepository),
        get(TOKENS.WorkspaceRepository),
        get(TOKENS.MembershipRepository),
        get(TOKENS.UserRepository),
        get(TOKENS.SecretHasher),
        get(TOKENS.RandomSource),
        get(TOKENS.IdGenerator),
        get(TOKENS.Clock),
        get(TOKENS.UnitOfWork),
      );
      const bootstrap = new BootstrapFirstStart(
        get(TOKENS.UserRepository),
        get(TOKENS.CreateUser),
        get(TOKENS.CreateWorkspace),
        failingKeys,
        get(TOKENS.AddConnection),
        get(TOKENS.WritePosts),
        get(TOKENS.RandomSource),
        get(TOKENS.UnitOfWork),
      );
      const failure = await bootstrap.execute().then(
        () => null,
        (e: Error) => e.message,
      );
      expect(failure).to.equal('crash while minting the key');
      expect(await get(TOKENS.UserRepository).count()).to.equal(0);
      expect(await get(TOKENS.BootstrapFirstStart).execute(), 'a later start still bootstraps').to.not.equal(null);
    });
  });
}
