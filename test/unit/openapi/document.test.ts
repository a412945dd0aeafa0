import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { expect } from 'chai';
import { JSON_HEADERS } from '../../../adapters/inbound/http/chains/responseHeaders';
import { OPENAPI_DOCUMENT } from '../../../adapters/inbound/http/openApiDocument';
import { assertMatchesOpenApi } from '../../support/openapi';

type Json = Record<string, unknown>;
const DOCUMENT = JSON.parse(JSON.stringify(OPENAPI_DOCUMENT)) as Json;
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

interface Located {
  readonly at: string;
  readonly node: Json;
}

/** Every JSON object in the document, with its JSON pointer. */
function everyObject(node: unknown = DOCUMENT, at = '#'): Located[] {
  if (Array.isArray(node)) return node.flatMap((item, index) => everyObject(item, `${at}/${index}`));
  if (typeof node !== 'object' || node === null) return [];
  const here = { at, node: node as Json };
  return [here, ...Object.entries(node).flatMap(([key, value]) => everyObject(value, `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`))];
}

function resolvePointer(ref: string): unknown {
  return ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((node, part) => (node as Json | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], DOCUMENT);
}

const deref = (value: unknown): Json => {
  const ref = (value as Json).$ref;
  return typeof ref === 'string' ? deref(resolvePointer(ref)) : (value as Json);
};

interface Operation {
  readonly method: string;
  readonly template: string;
  readonly operation: Json;
}

const OPERATIONS: Operation[] = Object.entries(DOCUMENT.paths as Json).flatMap(([template, item]) =>
  Object.entries(item as Json)
    .filter(([method]) => HTTP_METHODS.includes(method))
    .map(([method, operation]) => ({ method, template, operation: operation as Json })),
);

const isObjectSchema = (node: Json): boolean =>
  node.type === 'object' || (Array.isArray(node.type) && node.type.includes('object')) || (typeof node.properties === 'object' && node.properties !== null);

const responsesOf = (operation: Json): [string, Json][] => Object.entries(operation.responses as Json).map(([status, response]) => [status, deref(response)]);

const headerNamesOf = (response: Json): string[] => Object.keys((response.headers ?? {}) as Json);

const isRequiredHeader = (response: Json, name: string): boolean => deref(((response.headers ?? {}) as Json)[name] ?? {}).required === true;

/** The signed file links are served by the pages surface: binary answers, HTML errors, no credential. */
const SIGNED_FILE_LINKS = ['/media/files/{id}', '/media/files/{id}/frames/{frame}'];

/** The authorization server's form endpoints: no bearer, OAuth error bodies, their own headers (oauthDocument.test.ts checks them). */
const OAUTH_FORM_ENDPOINTS = ['/oauth/token', '/oauth/device/authorize', '/oauth/revoke', '/oauth/introspect'];

/** A urlencoded request body ignores the parameters it does not list (RFC 6749 §3.1): the one kind of open object. */
const isFormRequestBody = (at: string): boolean => at.includes('/requestBody/content/application~1x-www-form-urlencoded/');

const jsonSchemaOf = (response: Json): Json | undefined =>
  ((response.content as Json | undefined)?.['application/json'] as Json | undefined)?.schema as Json | undefined;

describe('OpenAPI document', () => {
  it('is an OpenAPI 3.1.0 document of the Dispatch API, contract version 1.0.0', () => {
    expect(DOCUMENT.openapi).to.equal('3.1.0');
    expect(DOCUMENT.info).to.include({ title: 'Dispatch API', version: '1.0.0' });
  });

  it('is plain JSON data (what GET /openapi.json serves is the document itself)', () => {
    expect(DOCUMENT).to.deep.equal(OPENAPI_DOCUMENT);
  });

  it('describes every operation implemented, each with a unique operationId', () => {
    const ids = OPERATIONS.map(({ operation }) => operation.operationId);
    expect(
      ids.every((id) => typeof id === 'string' && id.length > 0),
      'every operation has an operationId',
    ).to.equal(true);
    expect(new Set(ids).size, 'operationIds are unique').to.equal(ids.length);
    expect(ids.filter((id) => String(id).startsWith('media.'))).to.have.members([
      'media.list',
      'media.get',
      'media.delete',
      'media.upload',
      'media.import',
      'media.createUpload',
      'media.getUpload',
      'media.putPart',
      'media.completeUpload',
      'media.abortUpload',
      'media.file',
      'media.frame',
    ]);
    expect(OPERATIONS.map(({ method, template, operation }) => `${method.toUpperCase()} ${template} ${String(operation.operationId)}`)).to.include.members([
      'GET /health health.check',
      'GET /.well-known/oauth-protected-resource discovery.protectedResource',
      'GET /openapi.json discovery.openapi',
      'GET /v1/me me.current',
      'GET /v1/me/workspaces me.workspaces',
      'GET /v1/workspaces/{workspaceId}/connections connections.list',
      'POST /v1/workspaces/{workspaceId}/api-keys apiKeys.create',
      'DELETE /v1/workspaces/{workspaceId}/api-keys/{id} apiKeys.revoke',
    ]);
  });

  it('closes every object schema anywhere in the document with additionalProperties: false', () => {
    const objectSchemas = everyObject().filter(({ node }) => isObjectSchema(node));
    expect(objectSchemas.length, 'the walk finds the object schemas').to.be.greaterThan(10);
    // A dictionary (no named properties, every value of one typed schema) is as closed as it can be.
    const isDictionary = (node: Json) => node.properties === undefined && typeof node.additionalProperties === 'object';
    const open = objectSchemas.filter(({ at, node }) => node.additionalProperties !== false && !isDictionary(node) && !isFormRequestBody(`${at}/`));
    expect(open.map(({ at }) => at)).to.deep.equal([]);
  });

  it('resolves every $ref', () => {
    const dangling = everyObject()
      .filter(({ node }) => typeof node.$ref === 'string')
      .filter(({ node }) => !(node.$ref as string).startsWith('#/') || resolvePointer(node.$ref as string) === undefined)
      .map(({ at, node }) => `${at} → ${String(node.$ref)}`);
    expect(dangling).to.deep.equal([]);
  });

  it('spells nullable fields as a union type and timestamps as date-time', () => {
    expect(
      everyObject()
        .filter(({ node }) => 'nullable' in node)
        .map(({ at }) => at),
      'no OpenAPI 3.0 `nullable`',
    ).to.deep.equal([]);
    const timestamps = everyObject().flatMap(({ at, node }) =>
      Object.entries((node.properties ?? {}) as Json)
        .filter(([name]) => /At$|^time$/.test(name))
        .map(([name, schema]) => ({ at: `${at}/properties/${name}`, schema: deref(schema) })),
    );
    expect(timestamps).to.not.be.empty;
    // docs/spec.md types a transcription's createdAt as a number: epoch milliseconds.
    const epochMsBySpec = new Set(['#/components/schemas/Transcription/properties/createdAt']);
    // A posting schedule's slot is a time of day on a wall clock (HH:MM), not an instant.
    const timesOfDay = new Set(['#/components/schemas/WeeklySlot/properties/time']);
    const notInstants = new Set([...epochMsBySpec, ...timesOfDay]);
    expect(timestamps.filter(({ at, schema }) => schema.format !== 'date-time' && !notInstants.has(at)).map(({ at }) => at)).to.deep.equal([]);
  });

  it('has only schemas that compile as strict JSON Schema 2020-12', () => {
    const ajv = new Ajv2020({ strict: true, allowUnionTypes: true });
    addFormats(ajv);
    const schemas = JSON.parse(JSON.stringify((DOCUMENT.components as Json).schemas).replace(/"#\/components\/schemas\//g, '"#/$defs/')) as Json;
    expect(() => ajv.compile({ $defs: schemas, anyOf: Object.keys(schemas).map((name) => ({ $ref: `#/$defs/${name}` })) })).to.not.throw();
  });

  it('declares every path parameter of each template', () => {
    const missing = OPERATIONS.flatMap(({ method, template, operation }) => {
      const declared = ((operation.parameters ?? []) as unknown[])
        .map(deref)
        .filter((p) => p.in === 'path')
        .map((p) => p.name);
      return [...template.matchAll(/\{([^}]+)\}/g)]
        .map((m) => m[1])
        .filter((name) => !declared.includes(name))
        .map((name) => `${method} ${template}: ${name}`);
    });
    expect(missing).to.deep.equal([]);
  });

  it('requires the bearer credential everywhere except on health, discovery, the OAuth form endpoints and the signed file links', () => {
    const bearer = (DOCUMENT.components as Json).securitySchemes as Json;
    expect(deref(bearer.bearer)).to.include({ type: 'http', scheme: 'bearer' });
    expect(String(deref(bearer.bearer).description))
      .to.match(/dsk_/)
      .and.match(/OAuth/)
      .and.match(/session/i);
    for (const { template, operation } of OPERATIONS) {
      const open = [
        '/health',
        '/.well-known/oauth-protected-resource',
        '/.well-known/oauth-protected-resource/mcp',
        '/.well-known/oauth-authorization-server',
        '/.well-known/jwks.json',
        '/openapi.json',
        ...OAUTH_FORM_ENDPOINTS,
        ...SIGNED_FILE_LINKS,
        '/webhooks/stripe',
      ].includes(template);
      expect(operation.security, template).to.deep.equal(open ? [] : [{ bearer: (operation.security as Json[])[0]!.bearer }]);
    }
  });

  it('documents the shared Error body for every error status, and the headers each status carries', () => {
    // The MCP server's transport answers some refusals in JSON-RPC (test/unit/mcp/mcpDocument.test.ts checks /mcp).
    const ownHeadersAndBodies = [...SIGNED_FILE_LINKS, ...OAUTH_FORM_ENDPOINTS, '/mcp'];
    for (const { template, operation } of OPERATIONS.filter(({ template }) => !ownHeadersAndBodies.includes(template))) {
      for (const [status, response] of responsesOf(operation)) {
        const where = `${String(operation.operationId)} ${status}`;
        expect(isRequiredHeader(response, 'X-Request-Id'), `${where}: X-Request-Id`).to.equal(true);
        for (const name of Object.keys(JSON_HEADERS)) expect(isRequiredHeader(response, name), `${where}: ${name}`).to.equal(true);
        if (Number(status) >= 400 && !(template === '/health' && status === '503')) {
          expect(jsonSchemaOf(response), `${where}: Error body`).to.deep.equal({ $ref: '#/components/schemas/Error' });
        }
        if (status === '401') expect(isRequiredHeader(response, 'WWW-Authenticate'), `${where}: WWW-Authenticate`).to.equal(true);
        if (status === '429' || status === '503') expect(isRequiredHeader(response, 'Retry-After'), `${where}: Retry-After`).to.equal(true);
        if ((operation.security as unknown[]).length > 0 && (Number(status) < 300 || status === '429')) {
          expect(headerNamesOf(response), `${where}: RateLimit headers`).to.include.members(['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']);
        }
      }
    }
  });

  it('answers the signed file links with the bytes (200, 206 with Content-Range), 416 past the end, and HTML errors', () => {
    for (const template of SIGNED_FILE_LINKS) {
      const responses = Object.fromEntries(responsesOf(((DOCUMENT.paths as Json)[template] as Json).get as Json));
      expect(Object.keys(responses), template).to.have.members(['200', '206', '404', '416', '429', '500']);
      for (const status of ['206', '416']) expect(isRequiredHeader(responses[status]!, 'Content-Range'), `${template} ${status}`).to.equal(true);
      for (const status of ['200', '206']) expect(Object.keys(responses[status]!.content as Json)).to.deep.equal(['*/*']);
      for (const status of ['404', '429', '500']) expect(Object.keys(responses[status]!.content as Json)).to.deep.equal(['text/html']);
    }
  });

  it('lists the statuses an authenticated operation can always answer: 401, 429, 500, 503', () => {
    for (const { operation } of OPERATIONS.filter(({ operation }) => (operation.security as unknown[]).length > 0)) {
      expect(Object.keys(operation.responses as Json), String(operation.operationId)).to.include.members(['401', '429', '500', '503']);
    }
  });

  it('error schema: type, code, message, details[{path, message}] and requestId, all required', () => {
    const error = deref((deref(((DOCUMENT.components as Json).schemas as Json).Error).properties as Json).error);
    expect(error.required).to.have.members(['type', 'code', 'message', 'details', 'requestId']);
    const detail = deref(((error.properties as Json).details as Json).items);
    expect(detail.required).to.have.members(['path', 'message']);
  });
});

describe('the OpenAPI response validator', () => {
  const headers = { 'x-request-id': 'req-1', 'cache-control': 'no-store', 'content-type': 'application/json; charset=utf-8', ...JSON_HEADERS };
  const healthy = () => ({ status: 'ok', time: '2025-01-31T09:30:00.000Z', checks: { database: 'ok' } });

  it('accepts a body that matches', () => {
    expect(() => assertMatchesOpenApi('GET', '/health', 200, headers, healthy())).to.not.throw();
  });

  it('rejects a body with an extra property, naming it', () => {
    expect(() => assertMatchesOpenApi('GET', '/health', 200, headers, { ...healthy(), uptime: 12 })).to.throw(
      /must NOT have additional properties \("uptime"\)/,
    );
  });

  it('rejects a body missing a required field, naming it', () => {
    const { time: _time, ...withoutTime } = healthy();
    expect(() => assertMatchesOpenApi('GET', '/health', 200, headers, withoutTime)).to.throw(/must have required property 'time'/);
  });
});
