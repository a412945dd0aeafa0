import { type AudioFile, type Transcriber, type TranscriberResult } from '../../../application/ports/Transcriber';

export interface OpenAiTranscriberSettings {
  /** The provider's base address; the request goes to `{base}/v1/audio/transcriptions`. */
  readonly baseUrl: string;
  readonly apiKey: string | null;
  readonly model: string;
  readonly timeoutMs: number;
}

/**
 * An OpenAI-compatible speech-to-text API (docs/decisions.md, "The account surface"): a
 * multipart POST of file, model and response_format=verbose_json, answered by
 * {text, language, duration}; errors carry {error: {message}}.
 */
export class OpenAiCompatibleTranscriber implements Transcriber {
  constructor(private readonly settings: OpenAiTranscriberSettings) {}

  async transcribe(audio: AudioFile, signal?: AbortSignal): Promise<TranscriberResult> {
    const form = new FormData();
    form.append('file', new Blob([audio.bytes], { type: audio.contentType }), audio.filename);
    form.append('model', this.settings.model);
    form.append('response_format', 'verbose_json');
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (this.settings.apiKey !== null) headers.Authorization = `Bearer ${this.settings.apiKey}`;
    let response: Response;
    try {
      response = await fetch(`${this.settings.baseUrl.replace(/\/+$/, '')}/v1/audio/transcriptions`, {
        method: 'POST',
        headers,
        body: form,
        signal: signal === undefined ? AbortSignal.timeout(this.settings.timeoutMs) : AbortSignal.any([AbortSignal.timeout(this.settings.timeoutMs), signal]),
      });
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      if (signal?.aborted) return { ok: false, status: null, reason: 'the request ran out of time' };
      return { ok: false, status: null, reason: timedOut ? 'the provider took too long' : 'the provider could not be reached' };
    }
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) return { ok: false, status: response.status, reason: `HTTP ${response.status}${messageOf(body)}` };
    const v = (body ?? {}) as Record<string, unknown>;
    if (typeof v.text !== 'string') return { ok: false, status: null, reason: 'the provider answered without a text' };
    return {
      ok: true,
      spoken: {
        text: v.text,
        language: typeof v.language === 'string' && v.language !== '' ? v.language : 'unknown',
        durationSeconds: typeof v.duration === 'number' && Number.isFinite(v.duration) ? v.duration : 0,
      },
    };
  }
}

function messageOf(body: unknown): string {
  const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
  return typeof message === 'string' ? `: ${message.slice(0, 300)}` : '';
}
