/** What the bench asks of the load process, and what it gets back. */
export interface LoadRequest {
  readonly url: string;
  readonly method: 'GET' | 'POST';
  readonly headers: Record<string, string>;
  readonly body?: string;
  readonly connections: number;
  readonly warmupSeconds: number;
  readonly seconds: number;
  /** A sequence each connection sends in turn, instead of `method`/`body` on `url` alone (paths under `url`). */
  readonly requests?: readonly SequencedRequest[];
  /** Requests per second across all connections (autocannon's overallRate); unthrottled without it. */
  readonly overallRate?: number;
}

export interface SequencedRequest {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
}

export interface LoadResult {
  /** Successful (2xx) responses per second of the measured run. */
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  readonly ok: number;
  readonly non2xx: number;
  readonly errors: number;
}

/** A LoadResult plus what the measured server's own process spent meanwhile. */
export interface ServerLoadResult extends LoadResult {
  /** CPU time of the measured server's process over wall time, warm-up included: 1.0 = one core. */
  readonly serverCpu: number;
}
