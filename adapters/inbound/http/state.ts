import { type Readable } from 'node:stream';
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
  /** The webhook chain: the body's exact bytes, for the route's signature check. */
  rawBody?: Buffer;
  /** The upload chain: the body as a stream, failing with a 413 past the surface's limit. */
  upload?: UploadBody;
  /** The page chain: the token this browser's forms must send back in `_csrf`. */
  csrfToken?: string;
}

export interface UploadBody {
  readonly stream: Readable;
  /** The Content-Length the client declared; null for a chunked body. */
  readonly declaredBytes: number | null;
  readonly limitBytes: number;
}

export type AppContext = ParameterizedContext<AppState, DefaultContext>;

export function credentialOf(ctx: { state: AppState }): Credential {
  if (ctx.state.credential === undefined) throw new Error('route mounted without authentication');
  return ctx.state.credential;
}

export function rawBodyOf(ctx: { state: AppState }): Buffer {
  if (ctx.state.rawBody === undefined) throw new Error('route mounted outside the webhook chain');
  return ctx.state.rawBody;
}

export function uploadOf(ctx: { state: AppState }): UploadBody {
  if (ctx.state.upload === undefined) throw new Error('route mounted outside the upload chain');
  return ctx.state.upload;
}

export function csrfTokenOf(ctx: { state: AppState }): string {
  if (ctx.state.csrfToken === undefined) throw new Error('route mounted outside the page chain');
  return ctx.state.csrfToken;
}

export function accessOf(ctx: { state: AppState }): WorkspaceAccess {
  if (ctx.state.access === undefined) throw new Error('route mounted without workspace authorization');
  return ctx.state.access;
}
