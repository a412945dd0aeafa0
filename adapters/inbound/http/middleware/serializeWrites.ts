import { type Middleware } from 'koa';
import { type AppState } from '../state';

export type WriteSerializer = <T>(work: () => Promise<T>) => Promise<T>;

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Runs every writing request inside the database's write lock (a no-op on MySQL). */
export const serializeWrites = (serialize: WriteSerializer): Middleware<AppState> => (ctx, next) =>
  READS.has(ctx.method) ? next() : serialize(() => next());
