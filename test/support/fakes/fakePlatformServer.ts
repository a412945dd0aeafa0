import { type IncomingMessage, type ServerResponse } from 'node:http';
import { LocalHttpServer } from '../localHttpServer';
import { routeMatches, ScriptQueue } from './kit/scriptedAnswers';

export { findRoute, type RouteTable } from './kit/routeTable';

/** What every fake keeps of a request it was sent: enough to count them. */
export interface ReceivedRequest {
  readonly method: string;
  readonly path: string;
}

/**
 * The base of the platform fakes not yet held to a platform's description (issue 20 moved X,
 * Pinterest and Neynar onto `kit/PlatformFake`): a local HTTP server to start and stop, its base
 * URL, the count of the requests it was sent, and the scripted answers waiting for the next
 * request they match (each used once), kept in the kit's queue.
 */
export abstract class FakePlatformServer<Scripted> {
  abstract readonly state: { readonly received: ReadonlyArray<ReceivedRequest> };
  private readonly scripted = new ScriptQueue<Scripted>();
  private server: LocalHttpServer | null = null;

  /** Starts `fake` on a free local port. */
  protected static async listen<Fake extends FakePlatformServer<unknown>>(fake: Fake): Promise<Fake> {
    fake.server = await LocalHttpServer.start('127.0.0.1', (request, response) => void fake.handle(request, response));
    return fake;
  }

  get baseUrl(): string {
    return this.url('').replace(/\/$/, '');
  }

  requestsTo(method: string, path: string): number {
    return this.state.received.filter((r) => r.method === method && r.path === path).length;
  }

  async stop(): Promise<void> {
    await this.server?.stop();
  }

  protected url(path: string): string {
    return (this.server as LocalHttpServer).url(path);
  }

  protected script(entry: Scripted): void {
    this.scripted.push(entry);
  }

  /** The first scripted entry `matches` accepts, taken off the list. */
  protected takeScripted(matches: (entry: Scripted) => boolean): Scripted | undefined {
    return this.scripted.take(matches);
  }

  protected abstract handle(message: IncomingMessage, response: ServerResponse): Promise<void>;
}

/** A fake whose scripted answers wait for the next request whose `METHOD /path` starts with their route. */
export abstract class PrefixScriptedFake<Answer> extends FakePlatformServer<{ readonly route: string; readonly answer: Answer }> {
  /** Answer the next request whose method and path start with `route` (`'POST /2/tweets'`) with `answer`. */
  answerNext(route: string, answer: Answer): void {
    this.script({ route, answer });
  }

  /** The scripted answer waiting for `method path`, taken off the list, if there is one. */
  protected scriptedAnswerFor(method: string, path: string): Answer | undefined {
    return this.takeScripted((s) => routeMatches(s.route, method, path, null))?.answer;
  }
}
