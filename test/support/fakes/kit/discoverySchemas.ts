import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { type DiscoveryDocument, type DiscoverySchema, type Finding } from './discoveryDocument';

/**
 * `request`: what a client may send. `answer`: what Google sends back, in its canonical JSON
 * (64-bit integers as strings); a request may also write them as JSON numbers, which Google's
 * parser takes.
 */
type Direction = 'request' | 'answer';
type JsonSchema = Record<string, unknown>;

const INTEGER_RANGES: Record<string, [number, number]> = { int32: [-(2 ** 31), 2 ** 31 - 1], uint32: [0, 2 ** 32 - 1] };
const BASE64 = '^[A-Za-z0-9+/_-]*={0,2}$';

function stringSchema(schema: DiscoverySchema, direction: Direction): JsonSchema {
  switch (schema.format) {
    case 'int64':
    case 'uint64': {
      const signed = schema.format === 'int64';
      const digits = { pattern: signed ? '^-?[0-9]+$' : '^[0-9]+$' };
      return direction === 'answer' ? { type: 'string', ...digits } : { type: ['string', 'integer'], ...digits, ...(signed ? {} : { minimum: 0 }) };
    }
    case 'date-time':
    case 'date':
      return { type: 'string', format: schema.format };
    case 'byte':
      return { type: 'string', pattern: BASE64 };
    default:
      return { type: 'string', ...(schema.pattern ? { pattern: schema.pattern } : {}) };
  }
}

/**
 * One discovery schema as JSON Schema. Discovery objects are open by default, but Google's
 * JSON parser refuses a field it does not know (400 "Invalid JSON payload received. Unknown
 * name"), so every object without `additionalProperties` is closed: a misspelled field is a
 * violation, in a request and in a fake's answer alike. A property is required only where its
 * `annotations.required` names the method.
 */
function toJsonSchema(schema: DiscoverySchema, direction: Direction, methodId: string): JsonSchema {
  if (schema.$ref) return { $ref: `#/$defs/${schema.$ref}` };
  const enumOf = schema.enum ? { enum: [...schema.enum] } : {};
  switch (schema.type) {
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      const required = properties.filter(([, p]) => direction === 'request' && p.annotations?.required?.includes(methodId)).map(([name]) => name);
      return {
        type: 'object',
        properties: Object.fromEntries(properties.map(([name, p]) => [name, toJsonSchema(p, direction, methodId)])),
        additionalProperties: schema.additionalProperties ? toJsonSchema(schema.additionalProperties, direction, methodId) : false,
        ...(required.length ? { required } : {}),
      };
    }
    case 'array':
      return { type: 'array', ...(schema.items ? { items: toJsonSchema(schema.items, direction, methodId) } : {}) };
    case 'string':
      return { ...stringSchema(schema, direction), ...enumOf };
    case 'integer': {
      const [low, high] = INTEGER_RANGES[schema.format ?? ''] ?? [undefined, undefined];
      const minimum = schema.minimum === undefined ? low : Number(schema.minimum);
      const maximum = schema.maximum === undefined ? high : Number(schema.maximum);
      return { type: 'integer', ...(minimum === undefined ? {} : { minimum }), ...(maximum === undefined ? {} : { maximum }), ...enumOf };
    }
    case 'number':
    case 'boolean':
      return { type: schema.type, ...enumOf };
    default:
      return { ...enumOf }; // `any`
  }
}

/** `/snippet/tags/0` → `snippet.tags[0]`, after `prefix`. */
function fieldOf(prefix: string, instancePath: string, last?: string): string {
  const steps = [...instancePath.split('/').slice(1), ...(last === undefined ? [] : [last])].map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  return steps.reduce((name, step) => (/^\d+$/.test(step) ? `${name}[${step}]` : `${name}.${step}`), prefix);
}

/** The named schema that holds the value at `instancePath` (`/snippet/tags/1` in a Video → `VideoSnippet`). */
function ownerOf(schemas: Readonly<Record<string, DiscoverySchema>>, root: string, instancePath: string): string {
  let owner = root;
  let node: DiscoverySchema | undefined = schemas[root];
  for (const step of instancePath.split('/').slice(1)) {
    const next: DiscoverySchema | undefined = node?.properties?.[step] ?? (node?.type === 'array' ? node.items : node?.additionalProperties);
    owner = next?.$ref ?? owner;
    node = next?.$ref ? schemas[next.$ref] : next;
  }
  return owner;
}

function findingOf(error: ErrorObject, prefix: string, methodId: string, schemaOf: (error: ErrorObject) => string): Finding {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties':
      return {
        field: fieldOf(prefix, error.instancePath, String(params.additionalProperty)),
        rule: `unknown field: ${schemaOf(error)} has no such property${prefix === 'body' ? ' (Google answers 400 "Invalid JSON payload received. Unknown name")' : ''}`,
      };
    case 'required':
      return { field: fieldOf(prefix, error.instancePath, String(params.missingProperty)), rule: `required by ${methodId}` };
    case 'enum':
      return { field: fieldOf(prefix, error.instancePath), rule: `must be one of ${(params.allowedValues as unknown[]).join(', ')}` };
    default:
      return { field: fieldOf(prefix, error.instancePath), rule: `${error.message ?? error.keyword} (${schemaOf(error)})` };
  }
}

/** Validates bodies and answers against the document's schemas, one compiled validator per method and direction. */
export class DiscoverySchemas {
  private readonly ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly document: DiscoveryDocument) {
    addFormats(this.ajv);
  }

  /** What `value` breaks of schema `name` as `methodId` sends or answers it; fields start with `prefix`. */
  findings(name: string, value: unknown, direction: Direction, methodId: string, prefix: string): Finding[] {
    const validate = this.validatorFor(name, direction, methodId);
    if (validate(value)) return [];
    const schemaOf = (error: ErrorObject) => ownerOf(this.document.schemas ?? {}, name, error.instancePath);
    return (validate.errors ?? []).map((error) => findingOf(error, prefix, methodId, schemaOf));
  }

  private validatorFor(name: string, direction: Direction, methodId: string): ValidateFunction {
    const key = `${direction} ${methodId} ${name}`;
    const known = this.validators.get(key);
    if (known) return known;
    const schemas = this.document.schemas ?? {};
    if (!schemas[name]) throw new Error(`the discovery document has no schema ${name}`);
    const $defs = Object.fromEntries(Object.entries(schemas).map(([id, schema]) => [id, toJsonSchema(schema, direction, methodId)]));
    const validate = this.ajv.compile({ $defs, $ref: `#/$defs/${name}` });
    this.validators.set(key, validate);
    return validate;
  }
}
