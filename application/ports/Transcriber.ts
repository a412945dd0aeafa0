/**
 * Speech to text (docs/decisions.md, "The account surface"): an OpenAI-compatible provider in
 * production; null when none is configured, and then nothing is transcribed.
 */
export interface Transcriber {
  /** `signal`: the caller gave up (its request's deadline); the call stops and answers a failure. */
  transcribe(audio: AudioFile, signal?: AbortSignal): Promise<TranscriberResult>;
}

export interface AudioFile {
  readonly bytes: Buffer;
  readonly filename: string;
  readonly contentType: string;
}

export interface SpokenText {
  readonly text: string;
  readonly language: string;
  readonly durationSeconds: number;
}

export type TranscriberResult =
  | { readonly ok: true; readonly spoken: SpokenText }
  /** `status`: the provider's HTTP status, if it answered; `reason` is safe to show the user. */
  | { readonly ok: false; readonly status: number | null; readonly reason: string };
