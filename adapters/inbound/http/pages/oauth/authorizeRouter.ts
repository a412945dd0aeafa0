import { Router } from '@koa/router';
import { type BrowserSessions } from '../../../../../application/auth/BrowserSessions';
import { type AuthorizationResponse, type ConsentToAuthorization } from '../../../../../application/oauth/ConsentToAuthorization';
import { type AuthorizeParameters, type StartAuthorization } from '../../../../../application/oauth/StartAuthorization';
import { DomainError } from '../../../../../domain/shared/DomainError';
import { PAGE_HEADERS } from '../../chains/responseHeaders';
import { type AppContext, type AppState } from '../../state';
import { field } from '../../routers/oauth/clientCredentialsOf';
import { csrfOf, htmlAnswer, seeOther } from '../pageAnswers';
import { type SessionCookie } from '../signin/sessionCookie';
import { signedInUser, signInPath } from '../signin/signedIn';
import { authorizeErrorPage, consentPage } from './consentPages';
import { chosenGrant as chosen } from './grantChoices';

/**
 * The code flow's pages (RFC 6749 §4.1, RFC 7636, RFC 9207): GET /oauth/authorize checks the
 * request, sends an anonymous person to sign in first, and shows the consent page; POST
 * /oauth/authorize/finalize (signed-in session and CSRF) answers 303 to the redirect URI with
 * `code`, `state` and `iss`, or `error=access_denied`.
 */
export function authorizeRouter(
  useCases: { start: StartAuthorization; consent: ConsentToAuthorization; sessions: BrowserSessions },
  cookie: SessionCookie,
  issuer: string,
): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/oauth/authorize', async (ctx) => {
    const checked = await useCases.start.check(parametersOf(ctx));
    if (checked.kind === 'page_error') return htmlAnswer(ctx, 400, authorizeErrorPage(checked.message));
    if (checked.kind === 'redirect_error') {
      const { redirectUri, state, error, description } = checked;
      return seeOther(ctx, withParameters(redirectUri, { error, error_description: description, ...(state === null ? {} : { state }), iss: issuer }));
    }
    const userId = await signedInUser(ctx, useCases.sessions, cookie);
    if (userId === null) return seeOther(ctx, signInPath(ctx.originalUrl));
    allowFormTo(ctx, checked.request.redirectUri);
    htmlAnswer(ctx, 200, consentPage(await useCases.consent.open(userId, checked.request), csrfOf(ctx)));
  });
  router.post('/oauth/authorize/finalize', async (ctx) => {
    const userId = await signedInUser(ctx, useCases.sessions, cookie);
    if (userId === null)
      return htmlAnswer(ctx, 401, authorizeErrorPage('You are not signed in (or your session ended). Go back to the application and start again.'));
    let response: AuthorizationResponse;
    try {
      response = await useCases.consent.finalize(userId, field(ctx, 'ticket') ?? '', chosen(ctx));
    } catch (error) {
      if (!(error instanceof DomainError) || error.kind !== 'validation') throw error;
      const message = error.details[0]?.message ?? error.message;
      // A choice to correct (the ticket was put back): the same page again, saying why.
      const view = error.code === 'consent_expired' ? null : await useCases.consent.reopen(userId, field(ctx, 'ticket') ?? '');
      if (view === null) return htmlAnswer(ctx, error.code === 'consent_expired' ? 400 : 422, authorizeErrorPage(message));
      allowFormTo(ctx, view.redirectUri);
      return htmlAnswer(ctx, 422, consentPage(view, csrfOf(ctx), message));
    }
    seeOther(ctx, withParameters(response.redirectUri, response.parameters));
  });
  return router;
}

function parametersOf(ctx: AppContext): AuthorizeParameters {
  const q = (name: string) => (typeof ctx.query[name] === 'string' ? (ctx.query[name] as string) : undefined);
  return {
    responseType: q('response_type'),
    clientId: q('client_id'),
    redirectUri: q('redirect_uri'),
    scope: q('scope'),
    state: q('state'),
    codeChallenge: q('code_challenge'),
    codeChallengeMethod: q('code_challenge_method'),
    resource: q('resource'),
  };
}

function withParameters(redirectUri: string, parameters: Readonly<Record<string, string>>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(parameters)) url.searchParams.set(name, value);
  return url.href;
}

/** Browsers apply form-action to the redirect after a form post: the consent form may end at the client. */
function allowFormTo(ctx: AppContext, redirectUri: string): void {
  const policy = PAGE_HEADERS['Content-Security-Policy'].replace("form-action 'self'", `form-action 'self' ${new URL(redirectUri).origin}`);
  ctx.set('Content-Security-Policy', policy);
}
