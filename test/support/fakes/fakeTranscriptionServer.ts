import { type IncomingMessage, type ServerResponse } from 'node:http';
import { LocalHttpServer } from '../localHttpServer';

/** What the fake kept of one POST /v1/audio/transcriptions. */
export interface TranscriptionRequest {
  readonly authorization: string | undefined;
  readonly model: string | null;
  readonly responseFormat: string | null;
  readonly fileName: string | null;
  readonly fileBytes: Buffer | null;
}

/** An error answer scripted for the next request, as OpenAI's API sends them. */
export type ScriptedError = 400 | 401 | 429 | 500;

/**
 * An OpenAI-compatible speech-to-text API on 127.0.0.1, written from its documentation:
 * POST /v1/audio/transcriptions, multipart/form-data with `file` and `model` (required) and
 * `response_format`; with verbose_json it answers {task, language, duration, text, segments};
 * errors are {error: {message, type, param, code}}. A wrong bearer key is a 401.
 */
export class FakeTranscriptionServer {
  readonly received: TranscriptionRequest[] = [];
  private readonly scripted: ScriptedError[] = [];
  private holding = false;
  private readonly held: Array<() => void> = [];
  /** Held requests whose client went away before the fake answered. */
  abandoned = 0;

  private constructor(
    private readonly server: LocalHttpServer,
    readonly apiKey: string,
  ) {}

  static async start(apiKey: string): Promise<FakeTranscriptionServer> {
    let fake: FakeTranscriptionServer | null = null;
    const server = await LocalHttpServer.start('127.0.0.1', (request, response) => void fake!.handle(request, response));
    fake = new FakeTranscriptionServer(server, apiKey);
    return fake;
  }

  get baseUrl(): string {
    return this.server.url('').replace(/\/$/, '');
  }

  /** The next request gets this error instead of a transcription. */
  failNext(status: ScriptedError): void {
    this.scripted.push(status);
  }

  /** The next requests get no answer until `release()`: a provider slower than the caller's patience. */
  hold(): void {
    this.holding = true;
  }

  /** Answers the held requests (those whose client is still there) and stops holding. */
  release(): void {
    this.holding = false;
    for (const go of this.held.splice(0)) go();
  }

  stop(): Promise<void> {
    this.release();
    return this.server.stop();
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (request.method !== 'POST' || request.url !== '/v1/audio/transcriptions') return answer(response, 404, error('Not found', 'invalid_request_error'));
    const form = await new Response(Buffer.concat(chunks), { headers: { 'content-type': request.headers['content-type'] ?? '' } }).formData().catch(() => null);
    const file = form?.get('file');
    const kept: TranscriptionRequest = {
      authorization: request.headers.authorization,
      model: (form?.get('model') as string | null) ?? null,
      responseFormat: (form?.get('response_format') as string | null) ?? null,
      fileName: file instanceof File ? file.name : null,
      fileBytes: file instanceof File ? Buffer.from(await file.arrayBuffer()) : null,
    };
    this.received.push(kept);
    if (kept.authorization !== `Bearer ${this.apiKey}`) return answer(response, 401, error('Incorrect API key provided.', 'invalid_request_error'));
    const scripted = this.scripted.shift();
    if (scripted === 401) return answer(response, 401, error('Incorrect API key provided.', 'invalid_request_error'));
    if (scripted === 400) return answer(response, 400, error('Invalid file format.', 'invalid_request_error'));
    if (scripted === 429) return answer(response, 429, error('Rate limit reached.', 'requests'));
    if (scripted === 500) return answer(response, 500, error('The server had an error.', 'server_error'));
    if (kept.model === null || kept.fileBytes === null) return answer(response, 400, error('file and model are required', 'invalid_request_error'));
    if (this.holding) {
      response.once('close', () => {
        if (!response.writableEnded) this.abandoned += 1;
      });
      await new Promise<void>((resolve) => this.held.push(resolve));
    }
    const text = `Transcribed ${kept.fileBytes.length} bytes of ${kept.fileName}`;
    answer(response, 200, { task: 'transcribe', language: 'english', duration: 12.5, text, segments: [] });
  }
}

const error = (message: string, type: string) => ({ error: { message, type, param: null, code: null } });

function answer(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}
