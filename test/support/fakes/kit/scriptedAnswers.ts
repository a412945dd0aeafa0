/** An answer a fake sends: JSON unless `contentType` says otherwise (then `body` is sent as it is). */
export interface Answer {
  readonly status: number;
  readonly body?: unknown;
  /** The body written out by hand, sent as it is (JSON no serializer writes: a 64-bit id as a bare number); not checked. */
  readonly text?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly contentType?: string;
}

/** What a fake can be told to do with the next request a route matches. */
export type Script =
  | { readonly kind: 'answer'; readonly answer: Answer }
  /** Record the request, then hold the connection open without answering (a timeout after the platform got it). */
  | { readonly kind: 'stall' }
  /** Record the request, then close the connection without answering (the platform got it; its answer was lost). */
  | { readonly kind: 'dropAfterRecording' }
  /** Close the connection before reading the request: the platform never saw it. */
  | { readonly kind: 'dropBeforeRecording' }
  /** Do what was asked (the post is made), then close the connection instead of answering: the answer is lost. */
  | { readonly kind: 'actThenDrop' }
  /** Do what was asked, then answer `answer` instead (a 5xx from a platform that did act). */
  | { readonly kind: 'actThenAnswer'; readonly answer: Answer };

export const SCRIPT_KINDS: ReadonlySet<string> = new Set(['answer', 'stall', 'dropAfterRecording', 'dropBeforeRecording', 'actThenDrop', 'actThenAnswer']);

/**
 * Whether `route` names this request: `'POST /2/media/upload'` matches any request whose
 * `METHOD /path` starts with it; a route without a space is an operation id of the platform's
 * description (`createPosts`).
 */
export function routeMatches(route: string, method: string, path: string, operation: string | null): boolean {
  return route.includes(' ') ? `${method} ${path}`.startsWith(route) : route === operation;
}

/** Entries waiting for the next request they match, each used once, in the order given. */
export class ScriptQueue<Entry> {
  private readonly entries: Entry[] = [];

  push(entry: Entry): void {
    this.entries.push(entry);
  }

  /** The first entry `matches` accepts, taken off the queue. */
  take(matches: (entry: Entry) => boolean): Entry | undefined {
    const index = this.entries.findIndex(matches);
    return index >= 0 ? this.entries.splice(index, 1)[0] : undefined;
  }

  some(matches: (entry: Entry) => boolean): boolean {
    return this.entries.some(matches);
  }
}
