import { CURSOR_MAX } from '../../contract/transcriptionLimits';
import { authenticatedOperation } from '../operations';
import { parameterRef, schemaRef } from '../refs';
import { type ParameterObject, type PathMap } from '../types';

const cursor: ParameterObject = {
  name: 'cursor',
  in: 'query',
  required: false,
  description: 'The continueCursor of the previous page; absent: the newest. A forged, altered or another person’s cursor is a 422 invalid_cursor.',
  schema: { type: 'string', maxLength: CURSOR_MAX },
};

/** docs/spec.md lists 402 and 404 for the reads; neither is answered today (docs/errors.md). */
const SPEC_ONLY = '402 and 404 are declared as docs/spec.md lists them; neither is answered today.';

/** A person's own transcriptions: no workspace in the path (docs/account.md). */
export const transcriptionPaths: PathMap = {
  '/v1/transcriptions': {
    get: authenticatedOperation({
      operationId: 'transcriptions.list',
      summary: "The caller's transcriptions, newest first, by cursor",
      description: `Needs stats:read within one of the caller’s live roles. ${SPEC_ONLY}`,
      tags: ['transcriptions'],
      scope: 'stats:read',
      parameters: [parameterRef('Limit'), cursor],
      success: { status: 200, description: 'A page.', schema: schemaRef('TranscriptionPage') },
      errors: [402, 403, 404, 422],
    }),
    post: authenticatedOperation({
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
    }),
  },
  '/v1/transcriptions/usage': {
    get: authenticatedOperation({
      operationId: 'transcriptions.usage',
      summary: "The caller's transcription quota",
      description: `Needs stats:read within one of the caller’s live roles. ${SPEC_ONLY}`,
      tags: ['transcriptions'],
      scope: 'stats:read',
      success: { status: 200, description: 'The usage.', schema: schemaRef('TranscriptionUsage') },
      errors: [402, 403, 404],
    }),
  },
};
