import { type Middleware } from 'koa';
import { type CreateTranscription } from '../../../../application/transcriptions/CreateTranscription';
import { type GetTranscriptionUsage } from '../../../../application/transcriptions/GetTranscriptionUsage';
import { type ListTranscriptions } from '../../../../application/transcriptions/ListTranscriptions';
import { validationError } from '../../../../domain/shared/DomainError';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX, PAGE_LIMIT_MIN } from '../contract/requestLimits';
import { CURSOR_MAX } from '../contract/transcriptionLimits';
import { CreateTranscriptionBody } from '../dto/CreateTranscriptionBody';
import { parameterRef, schemaRef } from '../openapi/refs';
import { type ParameterObject } from '../openapi/types';
import { presentTranscription, presentTranscriptionUsage } from '../presenters/presentTranscription';
import { credentialOf, type AppState } from '../state';
import { validateBody } from '../validation';
import { type ApiOperations } from './ApiOperation';

export interface TranscriptionUseCases {
  readonly create: CreateTranscription;
  readonly list: ListTranscriptions;
  readonly usage: GetTranscriptionUsage;
}

const cursor: ParameterObject = {
  name: 'cursor',
  in: 'query',
  required: false,
  description: 'The continueCursor of the previous page; absent: the newest. A forged, altered or another person’s cursor is a 422 invalid_cursor.',
  schema: { type: 'string', maxLength: CURSOR_MAX },
};

/** docs/spec.md lists 402 and 404 for the reads; neither is answered today (docs/errors.md). */
const SPEC_ONLY = '402 and 404 are declared as docs/spec.md lists them; neither is answered today.';

/** The transcriptions scope, checked per person (no workspace in the path) before anything else. */
const mayCreate = (create: CreateTranscription): Middleware<AppState> =>
  async function mayCreate(ctx, next) {
    await create.authorize(credentialOf(ctx));
    await next();
  };

/** A person's own transcriptions (docs/account.md): no workspace in the path, the scope checked per person. */
export const TRANSCRIPTION_OPERATIONS: ApiOperations<TranscriptionUseCases> = [
  {
    method: 'get',
    path: '/v1/transcriptions',
    operationId: 'transcriptions.list',
    summary: "The caller's transcriptions, newest first, by cursor",
    description: `Needs stats:read within one of the caller’s live roles. ${SPEC_ONLY}`,
    tags: ['transcriptions'],
    scope: 'stats:read',
    parameters: [parameterRef('Limit'), cursor],
    success: { status: 200, description: 'A page.', schema: schemaRef('TranscriptionPage') },
    errors: [402, 403, 404, 422],
    async handle(ctx, useCases) {
      const result = await useCases.list.execute(credentialOf(ctx), { limit: limitOf(ctx.query.limit), cursor: cursorOf(ctx.query.cursor) });
      ctx.body = { page: result.page.map(presentTranscription), continueCursor: result.continueCursor, isDone: result.isDone };
    },
  },
  {
    method: 'post',
    path: '/v1/transcriptions',
    operationId: 'transcriptions.create',
    summary: 'Fetch a reel and transcribe it, within the quota',
    description:
      'Needs media:write within one of the caller’s live roles. 402 quota_exceeded when the period’s limit is reached; ' +
      '422 reel_unreachable when the reel cannot be fetched, transcription_failed when the provider refuses the media; ' +
      '503 transcription_not_configured without a provider (TRANSCRIPTION_API_URL), transcription_unavailable when it fails.',
    tags: ['transcriptions'],
    scope: 'media:write',
    requestBody: { description: 'The reel.', schema: schemaRef('CreateTranscriptionRequest') },
    success: { status: 201, description: 'The transcription.', schema: schemaRef('Transcription') },
    errors: [402, 403],
    idempotent: true,
    // The scope first, then the Idempotency-Key: a stored answer is replayed only to a caller still allowed to create.
    guards: (kit, { create }) => [mayCreate(create), kit.writes],
    async handle(ctx, useCases) {
      const body = validateBody(CreateTranscriptionBody, ctx.request.body);
      ctx.status = 201;
      ctx.body = presentTranscription(await useCases.create.execute(credentialOf(ctx), body.reelUrl));
    },
  },
  {
    method: 'get',
    path: '/v1/transcriptions/usage',
    operationId: 'transcriptions.usage',
    summary: "The caller's transcription quota",
    description: `Needs stats:read within one of the caller’s live roles. ${SPEC_ONLY}`,
    tags: ['transcriptions'],
    scope: 'stats:read',
    success: { status: 200, description: 'The usage.', schema: schemaRef('TranscriptionUsage') },
    errors: [402, 403, 404],
    async handle(ctx, useCases) {
      ctx.body = presentTranscriptionUsage(await useCases.usage.execute(credentialOf(ctx)));
    },
  },
];

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
