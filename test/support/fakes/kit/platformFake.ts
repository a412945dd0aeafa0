import { type IncomingMessage, type ServerResponse } from 'node:http';
import { readBody } from '../fakeAnswers';
import { LocalHttpServer } from '../../localHttpServer';
import { FakeCall } from './fakeCall';
import { type OAuthAuthority } from './oauthAuthority';
import { describeViolation, type RequestChecker, type SeenRequest, type Violation } from './RequestChecker';
import { findRoute, type RouteTable } from './routeTable';
import { type Answer, routeMatches, SCRIPT_KINDS, type Script, ScriptQueue } from './scriptedAnswers';

export type FakeHandler<State> = (call: FakeCall<State>) => void | Promise<void>;

/** What makes a platform's fake: its description, its handlers, and how it answers what it refuses. */
export interface PlatformFakeConfig<State, Named extends { readonly kind: string }> {
  /** For messages: `X`. */
  readonly platform: string;
  readonly checker: RequestChecker;
  /** A handler for each operation of the description the fake implements, by operation id. */
  readonly operations: Readonly<Record<string, FakeHandler<State>>>;
  /** Endpoints the description does not cover (each handler citing where the platform documents it), not checked. */
  readonly undescribed?: RouteTable<FakeHandler<State>>;
  /** The `Content-Type` of its JSON answers. */
  readonly jsonContentType?: string;
  /** The platform's OAuth server, whose grants say which scopes each request's token carries. */
  readonly authority?: OAuthAuthority;
  /** How the platform answers a request its description does not allow (a 400, or 401/403 for credentials). */
  readonly refusal: (violations: readonly Violation[]) => Answer;
  /** How the platform answers a method and path it has nothing at. */
  readonly notFound: (request: SeenRequest) => Answer;
  /** The platform's own named scripts (`duplicate`, `rateLimited`), as what each does. */
  readonly named?: (answer: Named) => Script;
}

type Kept = Violation & { readonly request: string; reported: boolean };

/**
 * A platform's fake on a local port: it records every request it is sent, checks each against
 * the platform's description (the violations kept for `expectNoViolations`), answers a
 * violating request as the platform answers a bad request, and otherwise routes it by the
 * description's operation id (or by method and path where the description has nothing) to the
 * platform's handler, unless a scripted answer is waiting for it.
 */
export class PlatformFake<State, Named extends { readonly kind: string } = never> {
  /** Every request, in the order received. */
  readonly received: SeenRequest[] = [];
  private readonly kept: Kept[] = [];
  private readonly scripts = new ScriptQueue<{ readonly route: string; readonly script: Script; readonly when?: (request: SeenRequest) => boolean }>();
  private server: LocalHttpServer | null = null;

  protected constructor(
    readonly state: State,
    private readonly config: PlatformFakeConfig<State, Named>,
  ) {}

  /** Starts `fake` on a free local port. */
  protected static async listen<Fake extends PlatformFake<any, any>>(fake: Fake): Promise<Fake> {
    fake.server = await LocalHttpServer.start('127.0.0.1', (message, response) => void fake.handle(message, response));
    return fake;
  }

  get baseUrl(): string {
    return (this.server as LocalHttpServer).url('').replace(/\/$/, '');
  }

  /** Every rule broken so far: by the requests the fake was sent, and by its own answers (`request` then says `answer to …`). */
  get violations(): ReadonlyArray<Violation & { readonly request: string }> {
    return this.kept.map(({ reported: _, ...violation }) => violation);
  }

  requestsTo(method: string, path: string): number {
    return this.received.filter((r) => r.method === method && r.path === path).length;
  }

  /**
   * Do `answer` with the next request `route` matches (`'POST /2/tweets'`, or an operation id)
   * and `when` accepts (a header, a byte range; a request dropped before recording has neither).
   */
  answerNext(route: string, answer: Script | Named, when?: (request: SeenRequest) => boolean): void {
    const script = SCRIPT_KINDS.has(answer.kind) ? (answer as Script) : this.config.named?.(answer as Named);
    if (!script) throw new Error(`the ${this.config.platform} fake knows no scripted answer ${answer.kind}`);
    this.scripts.push({ route, script, when });
  }

  /** The owner agrees at `authorizeUrl`: checked as the platform's consent screen checks it, a code for its redirect URI. */
  consent(authorizeUrl: string): { code: string; state: string; redirectUri: string } {
    if (!this.config.authority) throw new Error(`the ${this.config.platform} fake has no OAuth consent screen`);
    return this.config.authority.consent(authorizeUrl);
  }

  /** Throws, naming each, when a request or an answer broke the description since the last call (call it in every afterEach). */
  expectNoViolations(): void {
    const fresh = this.kept.filter((v) => !v.reported);
    fresh.forEach((v) => {
      v.reported = true;
    });
    if (fresh.length === 0) return;
    const lines = fresh.map((v) => `  ${v.request} → ${describeViolation(v)}`);
    throw new Error([`The ${this.config.platform} fake found what ${this.config.checker.name} does not allow:`, ...lines].join('\n'));
  }

  async stop(): Promise<void> {
    await this.server?.stop();
  }

  private async handle(message: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(message.url ?? '/', this.baseUrl);
    const method = (message.method ?? 'GET').toUpperCase();
    if (this.takeDropBeforeRecording(method, url)) return void message.socket.destroy();
    const request: SeenRequest = { method, path: url.pathname, query: url.searchParams, headers: message.headers, body: await readBody(message) };
    this.received.push(request);
    const undescribed = findRoute(this.config.undescribed ?? [], method, url.pathname);
    const { operation, violations } = undescribed
      ? { operation: null, violations: [] }
      : this.config.checker.check(request, this.config.authority?.scopesOf(request) ?? null);
    this.keep(`${method} ${url.pathname}`, violations);
    const scripted = this.scripts.take(
      (s) => s.script.kind !== 'dropBeforeRecording' && routeMatches(s.route, method, url.pathname, operation) && (s.when?.(request) ?? true),
    )?.script;
    const call = new FakeCall(this.state, request, operation, this.baseUrl, response, {
      jsonContentType: this.config.jsonContentType ?? 'application/json',
      dropAnswer: scripted?.kind === 'actThenDrop',
      insteadOfAnswer: scripted?.kind === 'actThenAnswer' ? scripted.answer : undefined,
      check: (op, answer, contentType) => this.config.checker.checkAnswer(op, answer.status, answer.body, contentType),
      keep: (answerViolations) => this.keep(`the fake's answer to ${method} ${url.pathname}`, answerViolations),
    });
    if (scripted?.kind === 'answer') return call.send(scripted.answer);
    if (scripted?.kind === 'dropAfterRecording') return void message.socket.destroy();
    if (scripted?.kind === 'stall') return;
    if (violations.length > 0) return call.send(operation === null ? this.config.notFound(request) : this.config.refusal(violations));
    const handler = undescribed ?? (operation === null ? undefined : this.config.operations[operation]);
    if (!handler) {
      // A described operation the fake has no handler for is the fake's gap, said so rather than a silent 404.
      if (operation !== null)
        this.keep(`${method} ${url.pathname}`, [{ operation, field: 'operation', rule: `the ${this.config.platform} fake does not implement it` }]);
      return call.send(this.config.notFound(request));
    }
    try {
      await handler(call);
    } catch (error) {
      this.keep(`${method} ${url.pathname}`, [{ operation: operation ?? 'the fake', field: 'handler', rule: `threw ${(error as Error).stack}` }]);
      if (!response.headersSent) response.writeHead(500).end();
    }
  }

  private keep(request: string, violations: readonly Violation[]): void {
    this.kept.push(...violations.map((v) => ({ ...v, request, reported: false })));
  }

  /** A waiting `dropBeforeRecording` for this request, taken off the queue; its operation is asked of the checker only then. */
  private takeDropBeforeRecording(method: string, url: URL): boolean {
    const waiting = (s: { route: string; script: Script }) => s.script.kind === 'dropBeforeRecording';
    if (!this.scripts.some(waiting)) return false;
    const bare: SeenRequest = { method, path: url.pathname, query: url.searchParams, headers: {}, body: Buffer.alloc(0) };
    const operation = this.config.checker.check(bare, null).operation;
    return this.scripts.take((s) => waiting(s) && routeMatches(s.route, method, url.pathname, operation) && (s.when?.(bare) ?? true)) !== undefined;
  }
}
