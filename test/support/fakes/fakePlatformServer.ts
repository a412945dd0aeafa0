import { type IncomingMessage, type ServerResponse } from 'node:http';
import { LocalHttpServer } from '../localHttpServer';

/** What every fake keeps of a request it was sent: enough to count them. */
export interface ReceivedRequest {
  readonly method: string;
  readonly path: string;
}

/** Method, path (exact, or a pattern it must match) and handler; the first that fits answers. */
export type RouteTable<Handler> = ReadonlyArray<readonly [string, string | RegExp, Handler]>;

export function findRoute<Handler>(routes: RouteTable<Handler>, method: string, path: string): Handler | undefined {
  return routes.find(([m, p]) => m === method && (typeof p === 'string' ? p === path : p.test(path)))?.[2];
}

/**
 * What every platform fake shares: a local HTTP server to start and stop, its base URL, the
 * count of the requests it was sent, and the scripted answers waiting for the next request
 * they match (each used once).
 */
export abstract class FakePlatformServer<Scripted> {
  abstract readonly state: { readonly received: ReadonlyArray<ReceivedRequest> };
  private readonly scripted: Scripted[] = [];
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
    const index = this.scripted.findIndex(matches);
    return index >= 0 ? this.scripted.splice(index, 1)[0] : undefined;
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
    return this.takeScripted((s) => `${method} ${path}`.startsWith(s.route))?.answer;
  }
}
