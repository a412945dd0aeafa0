import { Router } from '@koa/router';
import { type BrowserSessions } from '../../../../../application/auth/BrowserSessions';
import { type SignIn } from '../../../../../application/auth/SignIn';
import { DomainError } from '../../../../../domain/shared/DomainError';
import { type AppState } from '../../state';
import { field } from '../../routers/oauth/clientCredentialsOf';
import { csrfOf as csrf, htmlAnswer as html, seeOther as redirect } from '../pageAnswers';
import { type SessionCookie } from './sessionCookie';
import { safeNext } from './signedIn';
import { signedInPage, signedOutPage, signInPage } from './signInPages';

/** GET/POST /signin and POST /signout: the browser session the device and consent pages need. */
export function signInRouter(useCases: { signIn: SignIn; sessions: BrowserSessions }, cookie: SessionCookie): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/signin', async (ctx) => {
    const next = safeNext(ctx.query.next);
    const session = await useCases.sessions.resolve(cookie.read(ctx));
    if (session !== null && next !== '/signin') return redirect(ctx, next);
    html(ctx, 200, session !== null ? signedInPage(csrf(ctx)) : signInPage({ csrf: csrf(ctx), next }));
  });
  router.post('/signin', async (ctx) => {
    const next = safeNext(field(ctx, 'next'));
    const email = field(ctx, 'email') ?? '';
    try {
      const signed = await useCases.signIn.execute({ email, password: field(ctx, 'password') ?? '', address: ctx.ip });
      cookie.set(ctx, signed.token, signed.expiresAt);
    } catch (error) {
      if (!(error instanceof DomainError) || !['unauthenticated', 'rate_limited'].includes(error.kind)) throw error;
      return html(ctx, error.kind === 'rate_limited' ? 429 : 401, signInPage({ csrf: csrf(ctx), next, email, error: error.message }));
    }
    redirect(ctx, next);
  });
  router.post('/signout', async (ctx) => {
    await useCases.sessions.signOut(cookie.read(ctx));
    cookie.clear(ctx);
    html(ctx, 200, signedOutPage());
  });
  return router;
}
