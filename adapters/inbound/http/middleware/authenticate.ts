import { type Middleware } from 'koa';
import { type AuthenticateBearer } from '../../../../application/auth/AuthenticateBearer';
import { DomainError, unauthenticated } from '../../../../domain/shared/DomainError';
import { type AppState } from '../state';

const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;
const SCHEME = /^Bearer +\S/i;

/** Why a header that is not `Bearer <token>` was refused: a token with characters no token has is named apart (a placeholder pasted as is). */
const malformed = (header: string): string =>
  SCHEME.test(header)
    ? 'the token has characters no token has (letters, digits and -._~+/ only): was a placeholder such as dsk_… pasted as is?'
    : 'the Authorization header must be "Bearer <token>"';

/**
 * Resolves the bearer credential of every request that sends one (API key, session JWT or
 * OAuth access token). A bad one is remembered, not thrown yet, so that the rate limiter
 * counts the attempt against the client before the 401 goes out.
 */
export const identifyCaller =
  (authenticateBearer: AuthenticateBearer): Middleware<AppState> =>
  async (ctx, next) => {
    const header = ctx.get('Authorization');
    if (header !== '') {
      try {
        const match = BEARER.exec(header);
        if (match === null) throw unauthenticated('invalid_token', malformed(header));
        ctx.state.credential = await authenticateBearer.execute(match[1]!);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        ctx.state.authFailure = error;
      }
    }
    await next();
  };

/** Guards the API: a request without a valid credential ends here with 401. */
export const requireCredential = (): Middleware<AppState> => async (ctx, next) => {
  if (ctx.state.authFailure !== undefined) throw ctx.state.authFailure;
  if (ctx.state.credential === undefined) throw unauthenticated('missing_credential', 'send a credential: Authorization: Bearer <token>');
  await next();
};
