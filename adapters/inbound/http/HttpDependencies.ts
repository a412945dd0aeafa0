import { type AuthenticateBearer } from '../../../application/auth/AuthenticateBearer';
import { type AuthorizeWorkspace } from '../../../application/auth/AuthorizeWorkspace';
import { type CheckHealth } from '../../../application/health/CheckHealth';
import { type Cancellation } from '../../../application/ports/Cancellation';
import { type Clock } from '../../../application/ports/Clock';
import { type Timers } from '../../../application/ports/Timers';
import { type Logger } from '../../../application/ports/Logger';
import { type IdempotencyStore } from '../../../application/ports/IdempotencyStore';
import { type RateLimitStore } from '../../../application/ports/RateLimitStore';
import { type Router } from '@koa/router';
import { type Surface } from './chains/surfaces';
import { type ProxyTrust } from './clientAddress';
import { type ApiRoutes } from './RouteKit';
import { type AppState } from './state';

/** A public signing key as published in the JWKS (RFC 7517): EC P-256 members only. */
export interface PublishedJwk {
  readonly kty?: string;
  readonly crv?: string;
  readonly x?: string;
  readonly y?: string;
  readonly kid?: string;
  readonly alg?: string;
  readonly use?: string;
}

/** The keys tokens are verified with (the KeyRing's public halves). */
export interface PublishedKeys {
  publicJwks(): Promise<readonly PublishedJwk[]>;
}

/** Everything the HTTP adapter needs, handed over by the composition root. */
export interface HttpDependencies {
  readonly settings: {
    /** Which proxies in front may name the client in X-Forwarded-For (see clientAddressFinder). */
    readonly trustProxy: ProxyTrust;
    readonly baseUrl: string;
    readonly bodyLimitBytes: number;
    readonly rateLimit: { readonly limit: number; readonly perUserLimit?: number; readonly windowMs: number };
    /** How long a completed response replays, and how long a running request holds its key. */
    readonly idempotency: { readonly replayTtlMs: number; readonly leaseMs: number };
    /** Keys the pages' CSRF tokens; every instance must share it. Without it: random per process. */
    readonly csrfSecret?: string;
    /** The upload surface's own size limit (default 100 MiB). */
    readonly uploadLimitBytes?: number;
    /** The most a CSV file may hold (posts.import; default POST_CSV_BYTES_MAX, 8 MiB). */
    readonly csvBodyLimitBytes?: number;
    /** The most a webhook body may hold (default 1 MiB). */
    readonly webhookBodyLimitBytes?: number;
    /** The request ceiling of every chain but uploads' (503 `request_timeout` past it); none when absent. */
    readonly requestTimeoutMs?: number;
  };
  /** What GET /openapi.json serves (openApiDocumentFor: the configured products); the static document when absent. */
  readonly openApiDocument?: object;
  /** Routers of the surfaces other than the JSON API, each mounted on its own chain (docs/surfaces.md). */
  readonly surfaces?: Surfaces;
  readonly clock: Clock;
  /** What the request ceiling waits on (Timers, beside the Clock). */
  readonly timers: Timers;
  readonly logger: Logger;
  /** Carries a request's abort signal to the unit of work, which then rolls back rather than commit. */
  readonly cancellation?: Cancellation;
  readonly rateLimitStore: RateLimitStore;
  /** Mounted per writing route after its access check (see createApp); responses kept sealed at rest. */
  readonly idempotencyStore: IdempotencyStore;
  readonly authenticate: AuthenticateBearer;
  readonly authorizeWorkspace: AuthorizeWorkspace;
  readonly checkHealth: CheckHealth;
  /** Served at /.well-known/jwks.json; without it that document is not served. */
  readonly signingKeys?: PublishedKeys;
  /** The JSON API's routers, each built from its use cases by the composition root. */
  readonly api: readonly ApiRoutes[];
  /** Routers of the API whose bodies are streamed (media bytes): the upload surface, with the JSON API's kit. */
  readonly uploadApi?: readonly ApiRoutes[];
  /** Routers of the API whose bodies or answers are CSV files (posts.import, posts.export): the CSV surface, with the JSON API's kit. */
  readonly csvApi?: readonly ApiRoutes[];
}

/**
 * Where a new endpoint goes is the chain it needs. A surface owns the paths its routers answer
 * (and a router's literal prefix); `/oauth/*` and `/webhooks/*` belong to their surface whole.
 * Pages are asked first, so a page router may own one path under /oauth (the consent page).
 */
export interface Surfaces {
  /** OAuth endpoints under /oauth: form bodies, OAuth error bodies, no-store. */
  readonly oauth?: readonly Router<AppState>[];
  /** Server-rendered pages: CSP, CSRF tokens, HTML errors. */
  readonly pages?: readonly Router<AppState>[];
  /** Inbound webhooks under /webhooks: raw bytes, no rate limit; see actOnce. */
  readonly webhooks?: readonly Router<AppState>[];
  /** Streamed uploads: a credential, the API's rate limit, their own size limit. */
  readonly uploads?: readonly Router<AppState>[];
  /** Surfaces that bring their own chain (the MCP server, adapters/inbound/mcp), asked before all others. */
  readonly chained?: readonly Surface[];
}
