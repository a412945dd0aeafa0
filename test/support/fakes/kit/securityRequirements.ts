import { type FieldRule } from './fieldRules';
import { type SeenRequest } from './RequestChecker';

/** An OpenAPI 3.0 Security Scheme Object, as far as a request can show it is met. */
export interface SecurityScheme {
  readonly type: 'http' | 'apiKey' | 'oauth2' | 'openIdConnect' | string;
  /** http: `bearer`, `basic`, or another `Authorization` scheme (X's `OAuth`, for OAuth 1.0a). */
  readonly scheme?: string;
  readonly in?: 'header' | 'query' | 'cookie';
  readonly name?: string;
}

/** One alternative of an operation's `security`: every scheme it names, with the scopes each needs. */
export type SecurityRequirement = Readonly<Record<string, readonly string[]>>;

type Met = { readonly met: true } | { readonly met: false; readonly missingScopes?: readonly string[] };

const authorizationScheme = (request: SeenRequest): string | null => /^(\S+)\s/.exec(String(request.headers.authorization ?? ''))?.[1]?.toLowerCase() ?? null;

/**
 * Whether the request meets `scheme`. A token the fake issued to a user through its OAuth flow
 * (its scopes known) is an OAuth 2.0 user token: it meets oauth2 schemes when it carries their
 * scopes, never an http `bearer` scheme, which describes an app-only token (X's BearerToken).
 */
function meets(scheme: SecurityScheme | undefined, scopes: readonly string[], request: SeenRequest, granted: readonly string[] | null): Met {
  const presented = authorizationScheme(request);
  switch (scheme?.type) {
    case 'http':
      return { met: presented === scheme.scheme?.toLowerCase() && !(presented === 'bearer' && granted !== null) };
    case 'oauth2':
    case 'openIdConnect': {
      if (presented !== 'bearer') return { met: false };
      const missingScopes = granted === null ? [] : scopes.filter((s) => !granted.includes(s));
      return missingScopes.length === 0 ? { met: true } : { met: false, missingScopes };
    }
    case 'apiKey': {
      const name = scheme.name ?? '';
      if (scheme.in === 'query') return { met: request.query.has(name) };
      if (scheme.in === 'cookie') return { met: new RegExp(`(^|;\\s*)${name}=`).test(String(request.headers.cookie ?? '')) };
      return { met: request.headers[name.toLowerCase()] !== undefined };
    }
    default:
      return { met: false };
  }
}

function describeScheme(name: string, scheme: SecurityScheme | undefined, scopes: readonly string[]): string {
  if (scheme?.type === 'apiKey') return `${name} (${scheme.in} ${scheme.name})`;
  if (scheme?.type === 'http') return `${name} (Authorization: ${scheme.scheme})`;
  return `${name} (${scheme?.type}: Authorization: Bearer${scopes.length > 0 ? `, scopes ${scopes.join(' ')}` : ''})`;
}

/**
 * What the request lacks of the operation's `security` (OpenAPI 3.0: any one alternative, every
 * scheme of it). No alternatives: no credentials needed; an empty one: credentials optional.
 * When only scopes are missing the violation names them against those the connect flow asked
 * for; otherwise it names the credentials the operation takes.
 */
export function securityViolations(
  requirements: readonly SecurityRequirement[],
  schemes: Readonly<Record<string, SecurityScheme>>,
  request: SeenRequest,
  granted: readonly string[] | null,
): FieldRule[] {
  if (requirements.length === 0) return [];
  const outcomes = requirements.map((requirement) =>
    Object.entries(requirement).map(([name, scopes]) => ({ name, scopes, ...meets(schemes[name], scopes, request, granted) })),
  );
  if (outcomes.some((alternative) => alternative.every((s) => s.met))) return [];
  const shortOfScopes = outcomes
    .filter((alternative) => alternative.every((s) => s.met || s.missingScopes !== undefined))
    .map((alternative) => alternative.flatMap((s) => (s.met ? [] : [{ name: s.name, needs: s.scopes, missing: s.missingScopes ?? [] }])))
    .sort((a, b) => a.flatMap((s) => s.missing).length - b.flatMap((s) => s.missing).length)[0];
  if (shortOfScopes !== undefined) {
    return shortOfScopes.map((s) => ({
      field: 'scope',
      rule: `missing ${s.missing.join(', ')}: ${s.name} needs ${s.needs.join(', ')}; the connect flow asked for ${granted?.join(', ') || 'none'}`,
    }));
  }
  const named = [...new Set(requirements.flatMap((r) => Object.keys(r)))].map((name) => schemes[name]);
  const onlyApiKey = named.every((s) => s?.type === 'apiKey' && s.in === 'header');
  const presented = authorizationScheme(request);
  const sent = presented === null ? 'no Authorization' : `Authorization: ${presented}${presented === 'bearer' && granted !== null ? ' (a user grant)' : ''}`;
  const takes = requirements
    .map((r) =>
      Object.entries(r)
        .map(([name, scopes]) => describeScheme(name, schemes[name], scopes))
        .join(' and '),
    )
    .join(', or ');
  return [{ field: onlyApiKey ? `header.${named[0]?.name}` : 'header.Authorization', rule: `${onlyApiKey ? 'missing' : sent}: the operation takes ${takes}` }];
}
