import { expect } from 'chai';
import { api } from '../../support/openapi';
import { MYSQL_URL, requireServer } from '../../support/services';
import { TcpProxy } from '../../support/tcpProxy';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../../support/testApp';
import { initializeDataSource } from '../../../adapters/outbound/persistence/typeorm/createDataSource';

describe('GET /health', () => {
  it('answers 200 with the time and the database check on SQLite', async () => {
    const t = await startTestApp(await freshDatabaseEnv('sqlite'));
    try {
      const before = Date.now();
      const res = await api(t.app).get('/health').expect(200);
      expect(res.body.status).to.equal('ok');
      expect(res.body.checks).to.deep.equal({ database: 'ok' });
      expect(Date.parse(res.body.time)).to.be.at.least(before - 1000);
    } finally {
      await t.close();
    }
  });

  it('goes 503 on SQLite while its database is closed, and back to 200 once it is open again', async () => {
    const t = await startTestApp(await freshDatabaseEnv('sqlite'));
    try {
      await api(t.app).get('/health').expect(200);
      await t.dataSource.destroy();
      const down = await api(t.app).get('/health').expect(503);
      expect(down.body).to.deep.include({ status: 'unavailable', checks: { database: 'unavailable' } });
      await initializeDataSource(t.dataSource);
      await api(t.app).get('/health').expect(200);
    } finally {
      await t.close();
    }
  });

  describe('on MariaDB reached through a proxy the test can cut', () => {
    let t: TestApp;
    let proxy: TcpProxy;

    before(async function () {
      await requireServer(this, 'MySQL');
      await freshDatabaseEnv('mysql');
      const target = new URL(MYSQL_URL);
      proxy = new TcpProxy(target.hostname, Number(target.port));
      await proxy.start();
      const viaProxy = new URL(MYSQL_URL);
      viaProxy.port = String(proxy.port);
      t = await startTestApp({ DATABASE_URL: viaProxy.toString(), DATA_DIR: (await freshDatabaseEnv('sqlite')).DATA_DIR! });
    });
    after(async () => {
      await proxy?.start().catch(() => undefined);
      await t?.close();
      await proxy?.stop();
    });

    it('goes 503 naming the database while it is unreachable, and back to 200 without a restart', async () => {
      await api(t.app).get('/health').expect(200);
      await proxy.stop();
      const down = await api(t.app).get('/health').expect(503);
      expect(down.body).to.deep.include({ status: 'unavailable', checks: { database: 'unavailable' } });
      expect(down.headers['retry-after']).to.match(/^\d+$/);
      await proxy.start();
      const up = await api(t.app).get('/health').expect(200);
      expect(up.body.checks.database).to.equal('ok');
    });
  });
});
