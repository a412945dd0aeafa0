import { Router } from '@koa/router';
import { type CallbackResult, type CompleteConnection } from '../../../../../application/connections/CompleteConnection';
import { html, page } from '../../chains/html';
import { type AppContext, type AppState } from '../../state';

/**
 * `GET /connect/{platform}/callback`, where a platform sends the person back after they
 * granted (or refused) access: a plain page saying what was connected, or a redirect to the
 * `returnTo` the app gave, with `connection` or `error` added (docs/decisions.md, "Connections").
 */
export function connectCallbackRouter(complete: CompleteConnection): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/connect' });
  router.get('/:platform/callback', async (ctx) => {
    const text = (name: string) => (typeof ctx.query[name] === 'string' ? (ctx.query[name] as string) : undefined);
    const result = await complete.complete(ctx.params.platform!, {
      state: text('state'),
      code: text('code'),
      error: text('error'),
      errorDescription: text('error_description'),
    });
    if (result.returnTo !== null) return redirectBack(ctx, result);
    ctx.status = result.kind === 'connected' ? 200 : 400;
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = result.kind === 'connected' ? connectedPage(result) : page('Not connected', html`<h1>Not connected</h1><p>${result.message}</p>`);
  });
  return router;
}

function redirectBack(ctx: AppContext, result: CallbackResult): void {
  const to = new URL(result.returnTo!);
  if (result.kind === 'connected') to.searchParams.set('connection', result.connection.id);
  else to.searchParams.set('error', result.message);
  ctx.status = 303;
  ctx.redirect(to.href);
}

function connectedPage(result: Extract<CallbackResult, { kind: 'connected' }>): string {
  const c = result.connection;
  const choices =
    result.publishAs.length === 0
      ? ''
      : html`<p>This account may also publish as: ${result.publishAs.map((p, i) => html`${i === 0 ? '' : ', '}${p.name} (<code>${p.id}</code>)`)}.
Make a connection for one with <code>POST /v1/workspaces/${c.workspaceId}/connections/${c.id}/target</code> and <code>{"publishAsId": "…"}</code>.</p>`;
  return page(
    'Connected',
    html`<h1>Connected</h1><p>The ${c.platform} account <strong>${c.displayName ?? c.handle}</strong> is connected (connection <code>${c.id}</code>). You can close this page.</p>${choices}`,
  );
}
