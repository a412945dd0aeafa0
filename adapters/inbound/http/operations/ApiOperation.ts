import { type RouterContext } from '@koa/router';
import { type Middleware } from 'koa';
import { type AuthenticatedOperationSpec } from '../openapi/operations';
import { type HttpMethod } from '../openapi/types';
import { type RouteKit } from '../RouteKit';
import { type AppState } from '../state';

export type ApiContext = RouterContext<AppState>;

/**
 * What the JSON API's OpenAPI document, its router and the MCP server's tools need to know of
 * one operation: everything but the code that calls its use case.
 */
export interface OperationDeclaration extends AuthenticatedOperationSpec {
  readonly method: HttpMethod;
  /** OpenAPI's template (`/v1/workspaces/{workspaceId}/posts/{id}`); the route's is derived from it. */
  readonly path: string;
  /**
   * The chain that serves it when it is not the JSON API's (docs/surfaces.md): `uploads` for a
   * streamed body, `csv` for a CSV file in or out.
   */
  readonly surface?: ApiSurface;
}

/** The surfaces of the API beside the JSON one, each with its own chain (chains/). */
export type ApiSurface = 'uploads' | 'csv';

/**
 * One operation of the JSON API, declared once:
 * its method, path, scope, idempotency, parameters, request and response schemas, summary and
 * description, and `handle`, which reads the request, calls its use case among `U` and shapes
 * the answer. The route (apiRouter.ts), the OpenAPI entry (openApiPaths.ts) and the MCP tool
 * (which reads the OpenAPI entry by operationId) are derived from it.
 */
export interface ApiOperation<U> extends OperationDeclaration {
  /**
   * The middleware run after the access check in place of the idempotency middleware
   * (RouteKit.writes, the default for an idempotent operation): a guard of the operation's own.
   */
  guards?(kit: RouteKit, useCases: U): readonly Middleware<AppState>[];
  handle(ctx: ApiContext, useCases: U): Promise<void>;
}

/** A group of operations calling the same use cases: one capability's part of the JSON API. */
export type ApiOperations<U> = readonly ApiOperation<U>[];
