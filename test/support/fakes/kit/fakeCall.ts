import { type ServerResponse } from 'node:http';
import { type FormPart, parseMultipart } from './multipartForm';
import { type SeenRequest, type Violation } from './RequestChecker';
import { type Answer } from './scriptedAnswers';
import { isJsonMediaType, bareMediaType } from './requestBodies';

/** Where a fake's answers go: the response, and the check of each against the platform's description. */
export interface AnswerSink {
  readonly jsonContentType: string;
  /** The answer is lost: the connection closes instead (the platform did what it was asked). */
  readonly dropAnswer?: boolean;
  /** Sent instead of the handler's answer (the platform did what it was asked, and answered this). */
  readonly insteadOfAnswer?: Answer;
  check(operation: string, answer: Answer, contentType: string): Violation[];
  keep(violations: readonly Violation[]): void;
}

/**
 * One request as a platform fake's handler meets it: what was sent (read in the forms a handler
 * needs), the operation of the description it is for, and the ways to answer. Every JSON answer
 * to a described operation is checked against the description's response schemas.
 */
export class FakeCall<State> {
  readonly url: URL;
  private answered = false;

  constructor(
    readonly state: State,
    readonly request: SeenRequest,
    /** The operation id of the description, null for an endpoint it does not cover. */
    readonly operation: string | null,
    readonly baseUrl: string,
    private readonly response: ServerResponse,
    private readonly sink: AnswerSink,
  ) {
    this.url = new URL(`${request.path}?${request.query.toString()}`, baseUrl);
  }

  /** The body as a JSON object; null when it is not one. */
  json(): Record<string, unknown> | null {
    try {
      const parsed = JSON.parse(this.request.body.toString('utf8'));
      return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? parsed : null;
    } catch {
      return null;
    }
  }

  /** The body as an `application/x-www-form-urlencoded` form. */
  form(): URLSearchParams {
    return new URLSearchParams(this.request.body.toString('utf8'));
  }

  /** The body's `multipart/form-data` parts; null when it is not one. */
  parts(): FormPart[] | null {
    return parseMultipart(this.request.headers['content-type'], this.request.body);
  }

  /** The token of `Authorization: Bearer …`, if any. */
  bearer(): string | null {
    return /^Bearer (.+)$/i.exec(this.request.headers.authorization ?? '')?.[1] ?? null;
  }

  /** Answers `body` as JSON. */
  answer(status: number, body: unknown, headers: Record<string, string> = {}): void {
    this.send({ status, body, headers });
  }

  send(given: Answer): void {
    if (this.answered) throw new Error(`the fake answered ${this.request.method} ${this.request.path} twice`);
    this.answered = true;
    const answer = this.sink.insteadOfAnswer ?? given;
    const contentType = answer.contentType ?? this.sink.jsonContentType;
    const json = isJsonMediaType(bareMediaType(contentType));
    if (json && this.operation !== null && answer.text === undefined) this.sink.keep(this.sink.check(this.operation, answer, contentType));
    if (this.sink.dropAnswer === true) return void this.response.socket?.destroy();
    const written = answer.text ?? (answer.body === undefined ? undefined : json ? JSON.stringify(answer.body) : (answer.body as string | Buffer));
    const headers = { ...(written === undefined ? {} : { 'Content-Type': contentType }), ...answer.headers };
    this.response.writeHead(answer.status, headers);
    this.response.end(written);
  }
}
