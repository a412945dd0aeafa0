import type Ajv from 'ajv';
import { type ErrorObject, type ValidateFunction } from 'ajv';
import { isObject, type JsonObject } from './openApiDocument';

const escapeStep = (step: string) => step.replace(/~/g, '~0').replace(/\//g, '~1');

function atPointer(document: JsonObject, pointer: string): unknown {
  let node: unknown = document;
  for (const part of pointer.split('/').slice(1)) {
    node = isObject(node) || Array.isArray(node) ? (node as JsonObject)[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  }
  return node;
}

/**
 * The JSON pointer (`/paths/~12~1tweets/post/requestBody/…`) of what `steps` name in the
 * document, following the Reference Objects met on the way (a shared response, request body or
 * parameter); null when the document has nothing there.
 */
export function pointerTo(document: JsonObject, steps: readonly string[]): string | null {
  let pointer = '';
  let node: unknown = document;
  for (const step of steps) {
    for (let hops = 0; isObject(node) && typeof node.$ref === 'string' && node.$ref.startsWith('#/') && hops < 10; hops += 1) {
      pointer = node.$ref.slice(1);
      node = atPointer(document, pointer);
    }
    if (!isObject(node) || !(step in node)) return null;
    node = node[step];
    pointer += `/${escapeStep(step)}`;
  }
  return pointer;
}

/**
 * ajv validators for the schemas at pointers into one document, each compiled once on first
 * use. The document is given to ajv whole, so its `$ref`s (recursive ones too) resolve as ajv
 * resolves them, and a schema is compiled only when a request or an answer needs it.
 */
export class SchemaValidators {
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(
    private readonly ajv: Ajv,
    document: JsonObject,
    private readonly key: string,
  ) {
    ajv.addSchema(document, key);
  }

  /** What `value` breaks of the schema at `pointer` (none: it satisfies it). */
  errors(pointer: string, value: unknown): ErrorObject[] {
    let validate = this.compiled.get(pointer);
    if (!validate) {
      const fragment = pointer.split('/').map(encodeURIComponent).join('/');
      validate = this.ajv.compile({ $ref: `${this.key}#${fragment}` });
      this.compiled.set(pointer, validate);
    }
    return validate(value) ? [] : [...(validate.errors ?? [])];
  }
}
