import { Router } from '@koa/router';
import { type Middleware } from 'koa';
import { type CreateTranscription } from '../../../../application/transcriptions/CreateTranscription';
import { type GetTranscriptionUsage } from '../../../../application/transcriptions/GetTranscriptionUsage';
import { type ListTranscriptions } from '../../../../application/transcriptions/ListTranscriptions';
import { validationError } from '../../../../domain/shared/DomainError';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX, PAGE_LIMIT_MIN } from '../contract/requestLimits';
import { CURSOR_MAX } from '../contract/transcriptionLimits';
import { CreateTranscriptionBody } from '../dto/CreateTranscriptionBody';
import { presentTranscription, presentTranscriptionUsage } from '../presenters/presentTranscription';
import { type RouteKit } from '../RouteKit';
import { credentialOf, type AppState } from '../state';
import { validateBody } from '../validation';

export interface TranscriptionUseCases {
  readonly create: CreateTranscription;
  readonly list: ListTranscriptions;
  readonly usage: GetTranscriptionUsage;
}

/** A person's transcriptions (docs/account.md): no workspace in the path, the scope checked per person. */
export function transcriptionsRouter({ writes }: RouteKit, useCases: TranscriptionUseCases): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/v1/transcriptions', async (ctx) => {
    const result = await useCases.list.execute(credentialOf(ctx), { limit: limitOf(ctx.query.limit), cursor: cursorOf(ctx.query.cursor) });
    ctx.body = { page: result.page.map(presentTranscription), continueCursor: result.continueCursor, isDone: result.isDone };
  });
  router.get('/v1/transcriptions/usage', async (ctx) => {
    ctx.body = presentTranscriptionUsage(await useCases.usage.execute(credentialOf(ctx)));
  });
  // The scope first, then the Idempotency-Key: a stored answer is replayed only to a caller still allowed to create.
  const mayCreate: Middleware<AppState> = async (ctx, next) => {
    await useCases.create.authorize(credentialOf(ctx));
    await next();
  };
  router.post('/v1/transcriptions', mayCreate, writes, async (ctx) => {
    const body = validateBody(CreateTranscriptionBody, ctx.request.body);
    ctx.status = 201;
    ctx.body = presentTranscription(await useCases.create.execute(credentialOf(ctx), body.reelUrl));
  });
  return router;
}

function limitOf(raw: string | string[] | undefined): number {
  if (raw === undefined || raw === '') return PAGE_LIMIT_DEFAULT;
  if (Array.isArray(raw) || !/^\d+$/.test(raw) || Number(raw) < PAGE_LIMIT_MIN || Number(raw) > PAGE_LIMIT_MAX) {
    throw validationError('invalid_query', [{ path: 'limit', message: `must be a whole number from ${PAGE_LIMIT_MIN} to ${PAGE_LIMIT_MAX}` }]);
  }
  return Number(raw);
}

function cursorOf(raw: string | string[] | undefined): string | null {
  if (raw === undefined || raw === '') return null;
  if (Array.isArray(raw) || raw.length > CURSOR_MAX)
    throw validationError('invalid_cursor', [{ path: 'cursor', message: 'is not a cursor this listing gave you' }]);
  return raw;
}
