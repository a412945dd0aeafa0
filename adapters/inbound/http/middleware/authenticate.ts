import { type Middleware } from 'koa';
import { type AuthenticateBearer } from '../../../../application/auth/AuthenticateBearer';
import { unauthenticated } from '../../../../domain/shared/DomainError';
import { type AppState } from '../state';

const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

/** One middleware for all three credential kinds: API keys, session JWTs, OAuth access tokens. */
export const authenticate = (authenticateBearer: AuthenticateBearer): Middleware<AppState> => async (ctx, next) => {
  const header = ctx.get('Authorization');
  if (header === '') throw unauthenticated('missing_credential', 'send a credential: Authorization: Bearer <token>');
  const match = BEARER.exec(header);
  if (match === null) throw unauthenticated('invalid_token', 'the Authorization header must be "Bearer <token>"');
  ctx.state.credential = await authenticateBearer.execute(match[1]!);
  await next();
};
