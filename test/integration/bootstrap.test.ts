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
    const get = <T>(service: ServiceToken<T>): T => t.composition.get(service);

    beforeEach(async function () {
      const server = serverFor(kind);
      if (server) await requireServer(this, server);
      t = await startTestApp(await freshDatabaseEnv(kind));
    });
    afterEach(async () => t?.close());

    it('creates the owner, the workspace and a working key once; a second run does nothing', async () => {
      const bootstrap = get(TOKENS.BootstrapFirstStart);
      const first = await bootstrap.execute();
      expect(first?.apiKey.secret).to.match(/^dsk_/);
      expect(await bootstrap.execute()).to.equal(null);
      expect(await get(TOKENS.UserRepository).count()).to.equal(1);
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
