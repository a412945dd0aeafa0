import { type DiscoveryDocument, type DiscoveryMethod, methodsOf } from './discoveryDocument';

/**
 * How a request reaches a method: `call` on the method's own path; `upload` on one of its
 * media upload paths (`mediaUpload.protocols.*.path`); `uploadSession` a `PUT` on the session
 * URL a resumable upload was given (the upload path with `upload_id`), which carries the bytes.
 */
export type RouteKind = 'call' | 'upload' | 'uploadSession';

export interface Routed {
  readonly method: DiscoveryMethod;
  readonly kind: RouteKind;
  /** Path parameters as the template captured them, decoded. */
  readonly pathValues: Readonly<Record<string, string>>;
  /** The path was the resumable protocol's own (`/resumable/upload/…`). */
  readonly resumablePath: boolean;
}

interface Route {
  readonly method: DiscoveryMethod;
  readonly httpMethod: string;
  readonly kind: RouteKind;
  readonly pattern: RegExp;
  readonly names: readonly string[];
  readonly resumablePath: boolean;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

/** `/youtube/v3/{+name}/x` → a pattern capturing `name` (`{+…}` may span slashes, `{…}` may not). */
function compile(template: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = template
    .split(/(\{\+?[^}]+\})/)
    .map((piece) => {
      const variable = /^\{(\+?)([^}]+)\}$/.exec(piece);
      if (!variable) return escapeRegExp(piece);
      names.push(variable[2]);
      return variable[1] ? '(.+)' : '([^/]+)';
    })
    .join('');
  return { pattern: new RegExp(`^${source}$`), names };
}

function routesOf(document: DiscoveryDocument, method: DiscoveryMethod): Route[] {
  const route = (template: string, httpMethod: string, kind: RouteKind, resumablePath = false): Route => ({
    method,
    httpMethod,
    kind,
    resumablePath,
    ...compile(template),
  });
  const servicePath = `/${document.servicePath ?? ''}`;
  const own = [...new Set([method.path, method.flatPath ?? method.path])].map((path) => route(`${servicePath}${path}`, method.httpMethod, 'call'));
  const { simple, resumable } = method.mediaUpload?.protocols ?? {};
  const uploads = [
    ...(simple ? [route(simple.path, method.httpMethod, 'upload')] : []),
    // Google's clients start a resumable upload on the simple path with uploadType=resumable.
    ...(resumable ? [route(resumable.path, method.httpMethod, 'upload', true)] : []),
    ...(resumable ? [simple?.path ?? resumable.path, resumable.path].map((path) => route(path, 'PUT', 'uploadSession', path === resumable.path)) : []),
  ];
  return [...uploads, ...own];
}

/** Finds the method a request is for by its HTTP method and path. */
export class DiscoveryRoutes {
  private readonly routes: Route[];

  constructor(document: DiscoveryDocument) {
    this.routes = methodsOf(document).flatMap((method) => routesOf(document, method));
  }

  /** The method, or why there is none. */
  find(httpMethod: string, path: string, query: URLSearchParams): { ok: true; routed: Routed } | { ok: false; reason: string } {
    const onPath = this.routes.filter((route) => route.pattern.test(path));
    const verb = httpMethod.toUpperCase();
    const route = onPath.find((r) => r.httpMethod === verb && (r.kind !== 'uploadSession' || query.has('upload_id')));
    if (!route) {
      const others = [...new Set(onPath.filter((r) => r.kind !== 'uploadSession').map((r) => `${r.httpMethod} (${r.method.id})`))];
      const reason = others.length
        ? `the description has no ${verb} on this path, only ${others.join(', ')}${verb === 'PUT' && onPath.some((r) => r.kind === 'uploadSession') ? ' and PUT with upload_id' : ''}`
        : 'the description has no method on this path';
      return { ok: false, reason };
    }
    const values = route.pattern.exec(path)?.slice(1) ?? [];
    const pathValues = Object.fromEntries(route.names.map((name, i) => [name, decodeURIComponent(values[i] ?? '')]));
    return { ok: true, routed: { method: route.method, kind: route.kind, pathValues, resumablePath: route.resumablePath } };
  }
}
