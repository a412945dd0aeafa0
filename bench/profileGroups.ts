/**
 * A V8 CPU profile's self time by what a request spends it on (bench/deployedProfile.ts):
 * each sample goes to the first frame, from the sampled one up its stack, that a rule below
 * names, so a library's time counts for the part of the service that called it (class-validator
 * under validation, node:net under mysql2) and a middleware keeps only what it does itself.
 */
export interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

/** Where a frame runs: a package's name, `dist/<file>` for the service, `node:<module>`, or '' (native, V8). */
function placeOf(url: string): string {
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules !== null) return modules[1]!;
  const dist = /\/dist\/(.*)$/.exec(url);
  if (dist !== null) return `dist/${dist[1]}`;
  return url.startsWith('node:') ? url : '';
}

/** In order: the first that matches a frame's place names its group. */
const RULES: ReadonlyArray<readonly [string, RegExp]> = [
  ['ULIDs', /^ulid$|UlidIdGenerator/],
  [
    'validation (class-validator/-transformer, JSON shape)',
    /^class-validator$|^class-transformer$|^validator$|http\/validation\.js|http\/jsonShape\.js|http\/dto\//,
  ],
  ['idempotency', /[Ii]dempoten/],
  [
    'authentication (API key lookup, hash, access)',
    /application\/auth\/|middleware\/(authenticate|workspaceAccess)|crypto\/NodeSecretHasher|domain\/credential\/|persistence\/prepared\/.*Credential|ApiKey/,
  ],
  ['logging (access log, pino)', /^pino|^sonic-boom$|\/logging\/|accessLog/],
  ['events/outbox', /^dist\/.*([Ww]ebhook|[Oo]utbox|EventSink)/],
  ['mapping (body→request, post→rows, presenter)', /presenters\/|mappers\/|toCommands/],
  ['domain (Post construction and checks)', /^dist\/domain\//],
  ['use case (WritePosts, PostStore, slots)', /^dist\/application\//],
  ['mysql2', /^mysql2$|^denque$|^lru-cache$|^sqlstring$|^iconv-lite$/],
  ['TypeORM and the SQL writes (transaction, statements)', /^typeorm$|persistence\//],
  [
    'HTTP chain (Koa, router, middleware, body, response)',
    /^koa|^@koa\/|^co-body$|^raw-body$|^@hapi\/bourne$|^delegates$|^on-finished$|^statuses$|^content-type$|^type-is$|inbound\/http\/|config\//,
  ],
];

/** The native statement calls of better-sqlite3 (its `run`, `all`, `get`: the SQLite engine itself). */
const SQLITE_NATIVE = /better-sqlite3|persistence\/prepared\//;

export function groupOf(stack: readonly ProfileNode[]): string {
  const [leaf, caller] = stack;
  const name = leaf!.callFrame.functionName;
  if (name === '(garbage collector)') return 'GC';
  if (name === '(program)') return 'V8 (program)';
  if (leaf!.callFrame.url === '' && caller !== undefined && SQLITE_NATIVE.test(caller.callFrame.url)) return 'SQLite (better-sqlite3, native)';
  for (const frame of stack) {
    const place = placeOf(frame.callFrame.url);
    if (place === '') continue;
    for (const [group, rule] of RULES) if (rule.test(place)) return group;
  }
  const leafPlace = placeOf(leaf!.callFrame.url);
  return /writev|uncork|node:(net|_http|internal\/(streams|stream_base))/.test(`${name} ${leafPlace} ${placeOf(caller?.callFrame.url ?? '')}`)
    ? 'HTTP sockets (Node, no service frame above)'
    : 'Node/V8 other (microtasks, async hooks, timers)';
}

/** Busy samples by group, largest first, with the total. */
export function groupShares(nodes: readonly ProfileNode[]): { busy: number; groups: Array<[string, number]> } {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, ProfileNode>();
  for (const node of nodes) for (const child of node.children ?? []) parentOf.set(child, node);
  const groups = new Map<string, number>();
  let busy = 0;
  for (const node of nodes) {
    const hits = node.hitCount ?? 0;
    if (hits === 0 || node.callFrame.functionName === '(idle)') continue;
    busy += hits;
    const stack: ProfileNode[] = [];
    for (let at: ProfileNode | undefined = byId.get(node.id); at !== undefined; at = parentOf.get(at.id)) stack.push(at);
    const group = groupOf(stack);
    groups.set(group, (groups.get(group) ?? 0) + hits);
  }
  return { busy, groups: [...groups].sort((a, b) => b[1] - a[1]) };
}
