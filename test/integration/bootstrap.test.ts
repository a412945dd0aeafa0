import { expect } from 'chai';
import { BootstrapFirstStart } from '../../application/admin/BootstrapFirstStart';
import { type ManageApiKeys } from '../../application/admin/ManageApiKeys';
import { TOKENS } from '../../config/tokens';
import { type UserRepository } from '../../domain/user/UserRepository';
import { DATABASE_KINDS, serverFor } from '../support/databases';
import { requireServer } from '../support/services';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../support/testApp';

for (const kind of DATABASE_KINDS) {
  describe(`first-start bootstrap on ${kind}`, function () {
    let t: TestApp;
    const get = <T>(token: symbol) => t.composition.container.get<T>(token);

    beforeEach(async function () {
      const server = serverFor(kind);
      if (server) await requireServer(this, server);
      t = await startTestApp(await freshDatabaseEnv(kind));
    });
    afterEach(async () => t?.close());

    it('creates the owner, the workspace and a working key once; a second run does nothing', async () => {
      const bootstrap = get<BootstrapFirstStart>(TOKENS.BootstrapFirstStart);
      const first = await bootstrap.execute();
      expect(first?.apiKey.secret).to.match(/^dsk_/);
      expect(await bootstrap.execute()).to.equal(null);
      expect(await get<UserRepository>(TOKENS.UserRepository).count()).to.equal(1);
    });

    it('leaves nothing behind when it fails half-way (no owner whose password was never shown)', async () => {
      const failingKeys = { create: async () => { throw new Error('crash while minting the key'); } } as unknown as ManageApiKeys;
      const bootstrap = new BootstrapFirstStart(
        get(TOKENS.UserRepository), get(TOKENS.CreateUser), get(TOKENS.CreateWorkspace), failingKeys, get(TOKENS.RandomSource), get(TOKENS.UnitOfWork),
      );
      const failure = await bootstrap.execute().then(() => null, (e: Error) => e.message);
      expect(failure).to.equal('crash while minting the key');
      expect(await get<UserRepository>(TOKENS.UserRepository).count()).to.equal(0);
      expect(await get<BootstrapFirstStart>(TOKENS.BootstrapFirstStart).execute(), 'a later start still bootstraps').to.not.equal(null);
    });
  });
}
