import { Router } from '@koa/router';
import { type BrowserSessions } from '../../../../../application/auth/BrowserSessions';
import { type DeviceApproval } from '../../../../../application/oauth/DeviceApproval';
import { DomainError, TooSoon } from '../../../../../domain/shared/DomainError';
import { type AppContext, type AppState } from '../../state';
import { field } from '../../routers/oauth/clientCredentialsOf';
import { csrfOf, htmlAnswer, seeOther } from '../pageAnswers';
import { type SessionCookie } from '../signin/sessionCookie';
import { signedInUser, signInPath } from '../signin/signedIn';
import { approveDevicePage, deviceDecidedPage, enterCodePage } from './devicePages';
import { chosenGrant } from './grantChoices';

/**
 * The device flow's pages (RFC 8628 §3.3): enter the code (or arrive with it from
 * verification_uri_complete), see who asks for what, choose the workspace and the scopes,
 * approve or deny. Every step needs a signed-in person; nothing is stored for an anonymous hit.
 */
export function deviceRouter(approval: DeviceApproval, sessions: BrowserSessions, cookie: SessionCookie): Router<AppState> {
  const router = new Router<AppState>();
  const person = (ctx: AppContext) => signedInUser(ctx, sessions, cookie);

  router.get('/device', async (ctx) => {
    const typed = typeof ctx.query.user_code === 'string' ? ctx.query.user_code : undefined;
    const userId = await person(ctx);
    if (userId === null) return seeOther(ctx, signInPath(ctx.originalUrl));
    if (typed === undefined) return htmlAnswer(ctx, 200, enterCodePage({ csrf: csrfOf(ctx) }));
    await review(ctx, userId, typed);
  });
  router.post('/device', async (ctx) => {
    const userId = await person(ctx);
    if (userId === null) return seeOther(ctx, signInPath('/device'));
    await review(ctx, userId, field(ctx, 'user_code') ?? '');
  });
  router.post('/device/decide', async (ctx) => {
    const userId = await person(ctx);
    if (userId === null) return seeOther(ctx, signInPath('/device'));
    const typed = field(ctx, 'user_code') ?? '';
    try {
      htmlAnswer(ctx, 200, deviceDecidedPage(await approval.decide(userId, typed, chosenGrant(ctx))));
    } catch (error) {
      if (!(error instanceof DomainError) || error.kind !== 'validation') throw error;
      if (error.code === 'invalid_user_code') return htmlAnswer(ctx, 400, enterCodePage({ csrf: csrfOf(ctx), error: messageOf(error) }));
      htmlAnswer(ctx, 422, approveDevicePage(await approval.view(userId, typed), csrfOf(ctx), messageOf(error)));
    }
  });

  async function review(ctx: AppContext, userId: string, typed: string): Promise<void> {
    try {
      htmlAnswer(ctx, 200, approveDevicePage(await approval.review(userId, typed), csrfOf(ctx)));
    } catch (error) {
      if (!(error instanceof DomainError) || !['validation', 'rate_limited'].includes(error.kind)) throw error;
      if (error instanceof TooSoon) ctx.set('Retry-After', String(error.retryAfterSeconds));
      htmlAnswer(ctx, error.kind === 'rate_limited' ? 429 : 400, enterCodePage({ csrf: csrfOf(ctx), typed, error: messageOf(error) }));
    }
  }
  return router;
}

/** A refusal as one sentence for the page: a validation error's first detail, else its message. */
const messageOf = (error: DomainError): string => error.details[0]?.message ?? error.message;
