import { type DiscoveryDocument, type DiscoveryMethod, type DiscoveryParameter, type Finding } from './discoveryDocument';

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;

const INTEGER_RANGES: Record<string, [number, number]> = {
  int32: [-(2 ** 31), 2 ** 31 - 1],
  uint32: [0, 2 ** 32 - 1],
  int64: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  uint64: [0, Number.MAX_SAFE_INTEGER],
};

/** What is wrong with one value of a parameter, or null. */
function valueProblem(spec: DiscoveryParameter, value: string): string | null {
  if (value === '') return 'is empty';
  if (spec.enum && !spec.enum.includes(value)) return `must be one of ${spec.enum.join(', ')}, not "${value}"`;
  if (spec.pattern && !new RegExp(spec.pattern).test(value)) return `must match ${spec.pattern}`;
  switch (spec.type) {
    case 'boolean':
      return value === 'true' || value === 'false' ? null : `must be true or false, not "${value}"`;
    case 'number':
      return Number.isFinite(Number(value)) ? null : `must be a number, not "${value}"`;
    case 'integer':
      return integerProblem(spec, value);
    default:
      if (spec.format === 'google-datetime' && !RFC3339.test(value)) return `must be an RFC 3339 date-time, not "${value}"`;
      if ((spec.format === 'int64' || spec.format === 'uint64') && !/^-?\d+$/.test(value)) return `must be a ${spec.format}, not "${value}"`;
      return null;
  }
}

function integerProblem(spec: DiscoveryParameter, value: string): string | null {
  if (!/^-?\d+$/.test(value)) return `must be an integer, not "${value}"`;
  const n = Number(value);
  const [low, high] = INTEGER_RANGES[spec.format ?? ''] ?? [-Infinity, Infinity];
  const minimum = Math.max(low, spec.minimum === undefined ? -Infinity : Number(spec.minimum));
  const maximum = Math.min(high, spec.maximum === undefined ? Infinity : Number(spec.maximum));
  if (n < minimum || n > maximum) return `must be from ${minimum} to ${maximum}, not ${value}`;
  return null;
}

/**
 * The values one parameter carries. A repeated parameter may come several times
 * (`part=a&part=b`, as Google's clients send it) or as one comma-separated list (`part=a,b`, as
 * YouTube's documentation writes it).
 */
export function valuesOf(spec: DiscoveryParameter, raw: readonly string[]): string[] {
  return spec.repeated ? raw.flatMap((value) => value.split(',')) : [...raw];
}

function oneParameter(name: string, spec: DiscoveryParameter, raw: readonly string[], where: string): Finding[] {
  if (!spec.repeated && raw.length > 1) return [{ field: `${where}.${name}`, rule: `given ${raw.length} times; it is not repeated` }];
  return valuesOf(spec, raw).flatMap((value) => {
    const problem = valueProblem(spec, value);
    return problem ? [{ field: `${where}.${name}`, rule: problem }] : [];
  });
}

/**
 * The method's path and query parameters, then the document's global ones (`key`, `fields`,
 * `alt`, `prettyPrint`, `uploadType` …): each value's type, format, range, enum and pattern;
 * the required ones present; a parameter given twice only when `repeated`. A query parameter
 * the document does not name is a violation: a misspelled one (`maxResult`) would otherwise be
 * dropped without a word.
 */
export function parameterFindings(
  document: DiscoveryDocument,
  method: DiscoveryMethod,
  pathValues: Readonly<Record<string, string>>,
  query: URLSearchParams,
): Finding[] {
  const own = method.parameters ?? {};
  const findings: Finding[] = [];
  for (const [name, spec] of Object.entries(own)) {
    if (spec.location === 'path') {
      const value = pathValues[name];
      if (value !== undefined) findings.push(...oneParameter(name, spec, [value], 'path'));
      else if (spec.required) findings.push({ field: `path.${name}`, rule: `required by ${method.id}` });
    } else if (spec.required && !query.has(name)) {
      findings.push({ field: `query.${name}`, rule: `required by ${method.id}` });
    }
  }
  for (const name of new Set(query.keys())) {
    const spec = own[name]?.location === 'query' ? own[name] : document.parameters?.[name];
    if (spec) findings.push(...oneParameter(name, spec, query.getAll(name), 'query'));
    else findings.push({ field: `query.${name}`, rule: `not a parameter of ${method.id} nor a global one` });
  }
  return findings;
}
