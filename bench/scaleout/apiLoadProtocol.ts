/** One request of the scale-out load: sent as is to whichever API process its turn names. */
export interface MixedRequest {
  /** posts.get, posts.list or posts.create: what the figures are grouped by. */
  readonly operation: string;
  readonly method: 'GET' | 'POST';
  /** Path and query, the same on every API process. */
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
  /** The status a correct answer has (200). */
  readonly expectStatus: number;
}

/**
 * What the load process is asked: `rate` requests per second, open loop (each sent at its
 * time whatever the answers before it), request i being `mix[i % mix.length]` sent to
 * `baseUrls[i % baseUrls.length]`. It runs `seconds`, or until told to stop.
 */
export interface LoadPlan {
  readonly baseUrls: readonly string[];
  readonly rate: number;
  readonly mix: readonly MixedRequest[];
  readonly seconds?: number;
}

/** Latency figures of a set of answers, in milliseconds (nearest rank). */
export interface LatencyFigures {
  readonly count: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
}

export interface LoadOutcome {
  readonly seconds: number;
  readonly sent: number;
  /** Answers with the status their request expects. */
  readonly ok: number;
  /** Answers with any other status, by status. */
  readonly wrongStatus: Record<string, number>;
  /** Requests that got no answer (connection error, 10 s timeout). */
  readonly failed: number;
  /** A few of the wrong answers and failures, to say what went wrong. */
  readonly samples: readonly string[];
  readonly all: LatencyFigures;
  readonly perOperation: Record<string, LatencyFigures>;
  /** Requests sent to each API process, in the order of `baseUrls`. */
  readonly perProcess: readonly number[];
}

export type LoadMessage = { readonly kind: 'run'; readonly plan: LoadPlan } | { readonly kind: 'stop' };
export type LoadReply = { readonly kind: 'done'; readonly outcome: LoadOutcome } | { readonly kind: 'error'; readonly message: string };
