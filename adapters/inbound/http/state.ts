import { type DefaultContext, type ParameterizedContext } from 'koa';
import { type WorkspaceAccess } from '../../../domain/credential/AccessDecision';
import { type Credential } from '../../../domain/credential/Credential';
import { type DomainError } from '../../../domain/shared/DomainError';

/** What the middleware chain leaves on ctx.state for the routers. */
export interface AppState {
  requestId: string;
  credential?: Credential;
  /** Why the credential sent was refused; thrown by requireCredential after rate limiting. */
  authFailure?: DomainError;
  access?: WorkspaceAccess;
}

export type AppContext = ParameterizedContext<AppState, DefaultContext>;

export function credentialOf(ctx: { state: AppState }): Credential {
  if (ctx.state.credential === undefined) throw new Error('route mounted without authentication');
  return ctx.state.credential;
}

export function accessOf(ctx: { state: AppState }): WorkspaceAccess {
  if (ctx.state.access === undefined) throw new Error('route mounted without workspace authorization');
  return ctx.state.access;
}
