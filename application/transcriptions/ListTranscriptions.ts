import { type Credential } from '../../domain/credential/Credential';
import { validationError } from '../../domain/shared/DomainError';
import { type Transcription } from '../../domain/transcription/Transcription';
import { type CursorSealer } from '../ports/transcription/CursorSealer';
import { type TranscriptionPosition, type Transcriptions } from '../ports/transcription/Transcriptions';
import { type UserScopeCheck } from './UserScopeCheck';

export interface TranscriptionPage {
  readonly page: readonly Transcription[];
  readonly continueCursor: string;
  readonly isDone: boolean;
}

/**
 * GET /v1/transcriptions, with stats:read: newest first, by cursor (docs/decisions.md, "The
 * account surface"). The cursor names the last item given and the person it was given to,
 * sealed with a key derived from SECRET_KEY: a forged, altered or another person's cursor is
 * a 422 invalid_cursor. Items added meanwhile are newer, so they never shift a later page.
 */
export class ListTranscriptions {
  constructor(
    private readonly scopes: UserScopeCheck,
    private readonly transcriptions: Transcriptions,
    private readonly sealer: CursorSealer,
  ) {}

  async execute(credential: Credential, query: { limit: number; cursor: string | null }): Promise<TranscriptionPage> {
    await this.scopes.require(credential, 'stats:read');
    const userId = credential.userId;
    const after = query.cursor === null ? null : this.positionIn(query.cursor, userId);
    const found = await this.transcriptions.listAfter(userId, after, query.limit + 1);
    const page = found.slice(0, query.limit);
    const last = page.at(-1);
    const position = last === undefined ? after : { createdAtMs: last.createdAt.getTime(), id: last.id };
    return { page, continueCursor: this.cursorAt(userId, position), isDone: found.length <= query.limit };
  }

  private cursorAt(userId: string, position: TranscriptionPosition | null): string {
    return this.sealer.seal(JSON.stringify(position === null ? [userId] : [userId, position.createdAtMs, position.id]));
  }

  private positionIn(cursor: string, userId: string): TranscriptionPosition | null {
    const content = this.sealer.open(cursor);
    const parsed = content === null ? null : parse(content);
    if (parsed === undefined || parsed === null || parsed[0] !== userId) {
      throw validationError('invalid_cursor', [{ path: 'cursor', message: 'is not a cursor this listing gave you' }]);
    }
    return parsed.length === 1 ? null : { createdAtMs: parsed[1] as number, id: parsed[2] as string };
  }
}

function parse(content: string): unknown[] | undefined {
  try {
    const value: unknown = JSON.parse(content);
    if (!Array.isArray(value) || typeof value[0] !== 'string') return undefined;
    if (value.length === 1) return value;
    return value.length === 3 && Number.isSafeInteger(value[1]) && typeof value[2] === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}
