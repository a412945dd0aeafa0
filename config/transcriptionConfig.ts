import { type Env, integer, url } from './envValues';

/** The speech-to-text provider (README, "Configuration"; docs/decisions.md, "The account surface"). */
export interface TranscriptionConfig {
  /** TRANSCRIPTION_API_URL; null: no provider, and creating a transcription answers 503 transcription_not_configured. */
  readonly apiUrl: string | null;
  readonly apiKey: string | null;
  readonly model: string;
  readonly timeoutMs: number;
  /** The largest reel fetched. */
  readonly maxReelBytes: number;
}

export function transcriptionConfig(env: Env): TranscriptionConfig {
  return {
    apiUrl: url(env, 'TRANSCRIPTION_API_URL', null, ['http:', 'https:']),
    apiKey: env.TRANSCRIPTION_API_KEY?.trim() || null,
    model: env.TRANSCRIPTION_MODEL?.trim() || 'whisper-1',
    timeoutMs: integer(env, 'TRANSCRIPTION_TIMEOUT_MS', 120_000, 1000, 3_600_000),
    maxReelBytes: integer(env, 'TRANSCRIPTION_MAX_REEL_BYTES', 25 * 1024 * 1024, 1024, 1024 ** 3),
  };
}
