import { type Middleware } from 'koa';
import { type AuthenticateBearer } from '../../../../application/auth/AuthenticateBearer';
import { DomainError, unauthenticated } from '../../../../domain/shared/DomainError';
import { type AppState } from '../state';

/** A bearer token's own characters (RFC 6750's token68). */
const TOKEN68 = '[A-Za-z0-9\\-._~+/]+=*';
const BEARER = new RegExp(`^Bearer +(${TOKEN68}) *$`, 'i');
const SCHEME = /^Bearer +\S/i;
/** A token alone, HTTP whitespace around it aside: what a client can send in `Bearer <token>`. */
const TOKEN_ALONE = new RegExp(`^[\\t\\n\\r ]*${TOKEN68}[\\t\\n\\r ]*$`);

/** Whether a client's token has only the characters a token has (the MCP bridge checks before sending). */
export const hasTokenCharacters = (token: string): boolean => TOKEN_ALONE.test(token);

/** The 401's words for a token with characters no token has (a placeholder pasted as is). */
export const NOT_TOKEN_CHARACTERS = 'the token has characters no token has (letters, digits and -._~+/ only): was a placeholder such as dsk_… pasted as is?';

/** Why a header that is not `Bearer <token>` was refused: a token with characters no token has is named apart. */
const malformed = (header: string): string => (SCHEME.test(header) ? NOT_TOKEN_CHARACTERS : 'the Authorization header must be "Bearer <token>"');

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
