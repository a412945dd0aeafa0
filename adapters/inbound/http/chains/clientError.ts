/**
 * A client error the chains raise themselves, shaped like Koa's own (`status`, `expose`) so
 * every chain's error renderer answers it as it answers the body parsers' and the router's.
 */
export class ClientError extends Error {
  readonly expose = true;

  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ClientError';
  }
}

export const payloadTooLarge = (limitBytes: number): ClientError =>
  new ClientError(413, `the body is larger than the ${limitBytes} bytes this endpoint accepts`);

/**
 * The client went away before its body was all sent (nginx's 499). Nobody reads the answer;
 * the access log records the abort under this status, never as a server error.
 */
export const clientAborted = (): ClientError => new ClientError(499, 'the client closed the connection before its request body was complete');

/** Whether the request says it carries a body at all (a length, or chunked transfer). */
export const carriesBody = (ctx: { request: { length?: number }; get(name: string): string }): boolean =>
  (ctx.request.length ?? 0) > 0 || ctx.get('Transfer-Encoding') !== '';

/** Compressed bodies are refused: their bytes would not be what a signature or a limit was computed over. */
export function refuseCompressed(ctx: { get(name: string): string }): void {
  const encoding = ctx.get('Content-Encoding').trim().toLowerCase();
  if (encoding !== '' && encoding !== 'identity') throw new ClientError(415, 'compressed request bodies are not accepted');
}
