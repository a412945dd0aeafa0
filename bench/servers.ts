import { once } from 'node:events';
import http, { type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import Koa from 'koa';
import { type DataSource } from 'typeorm';

export interface Listening {
  readonly baseUrl: string;
  /** Resolves once no request is in progress (a load run ends with requests still queued). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Listens on an ephemeral loopback port: what Koa's `app.listen(0, host)` does
 * (http.createServer(app.callback())), with the promise Koa's handler returns counted, so
 * `idle()` knows when the last request's middleware (and its SQL) has finished, even when
 * the client has already hung up.
 */
export async function listen(app: Koa<any, any>): Promise<Listening> {
  const handle = app.callback();
  let active = 0;
  let waiting: Array<() => void> = [];
  const server: Server = http.createServer((request, response) => {
    active++;
    void Promise.resolve(handle(request, response)).finally(() => {
      active--;
      if (active > 0) return;
      for (const resolve of waiting) resolve();
      waiting = [];
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    idle: () => (active === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve))),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Baseline 1: Koa and a JSON body, nothing else. */
export function bareKoaApp(): Koa {
  const app = new Koa();
  app.use((ctx) => {
    ctx.body = { ok: true };
  });
  return app;
}

/**
 * Baseline 2: Koa plus one primary-key SELECT on the service's own DataSource (the same
 * driver and pool, or on SQLite the same single connection), answered as JSON.
 */
export function primaryKeySelectApp(dataSource: DataSource): Koa {
  const app = new Koa();
  app.use(async (ctx) => {
    const rows: Array<{ id: string }> = await dataSource.query('SELECT id FROM posts WHERE id = ?', [ctx.query.id]);
    if (rows.length !== 1) ctx.throw(404);
    ctx.body = rows[0];
  });
  return app;
}
