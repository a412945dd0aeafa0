import { expect } from 'chai';
import { JSON_HEADERS } from '../../../adapters/inbound/http/chains/responseHeaders';
import { OPENAPI_DOCUMENT } from '../../../adapters/inbound/http/openApiDocument';

type Json = Record<string, unknown>;
const DOCUMENT = JSON.parse(JSON.stringify(OPENAPI_DOCUMENT)) as Json;
const PATHS = DOCUMENT.paths as Record<string, Json>;

const deref = (value: Json): Json => {
  const ref = value.$ref;
  if (typeof ref !== 'string') return value;
  return deref(
    ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((node, part) => (node as Json)[part], DOCUMENT) as Json,
  );
};
const required = (response: Json, name: string): boolean => deref((((response.headers ?? {}) as Json)[name] as Json) ?? {}).required === true;
const bodyRef = (response: Json): unknown =>
  (((response.content as Json | undefined)?.['application/json'] as Json | undefined)?.schema as Json | undefined)?.$ref;

/** POST /mcp and its metadata in the OpenAPI document (docs/agents.md); document.test.ts leaves /mcp's bodies to this file. */
describe('OpenAPI document: the MCP server', () => {
  const operation = PATHS['/mcp']!.post as Json;
  const responses = Object.fromEntries(Object.entries(operation.responses as Json).map(([status, r]) => [status, deref(r as Json)]));

  it('POST /mcp only, tagged mcp, behind the bearer credential with no scope of its own, a JSON-RPC message as its body', () => {
    expect(Object.keys(PATHS['/mcp']!)).to.deep.equal(['post']);
    expect(operation).to.include({ operationId: 'mcp.message' });
    expect(operation.tags).to.deep.equal(['mcp']);
    expect(operation.security).to.deep.equal([{ bearer: [] }]);
    expect(bodyRef(operation.requestBody as Json)).to.equal('#/components/schemas/McpMessage');
  });

  it('answers 200 and 202; the transport refuses in JSON-RPC (400, 406), everything else in the API error body', () => {
    expect(Object.keys(responses)).to.have.members(['200', '202', '400', '401', '403', '406', '413', '415', '422', '429', '500', '503']);
    expect(bodyRef(responses['200']!)).to.equal('#/components/schemas/McpResponse');
    expect(responses['202']!.content).to.equal(undefined);
    for (const status of ['400', '406']) expect(bodyRef(responses[status]!), status).to.equal('#/components/schemas/JsonRpcErrorResponse');
    for (const status of ['401', '403', '413', '415', '422', '429', '500', '503'])
      expect(bodyRef(responses[status]!), status).to.equal('#/components/schemas/Error');
  });

  it('every answer carries X-Request-Id and the JSON headers; 2xx and 429 the RateLimit headers; 429 and 503 Retry-After', () => {
    for (const [status, response] of Object.entries(responses)) {
      expect(required(response, 'X-Request-Id'), status).to.equal(true);
      for (const name of Object.keys(JSON_HEADERS)) expect(required(response, name), `${status} ${name}`).to.equal(true);
    }
    for (const status of ['200', '202', '429']) expect(required(responses[status]!, 'RateLimit-Remaining'), status).to.equal(true);
    for (const status of ['429', '503']) expect(required(responses[status]!, 'Retry-After'), status).to.equal(true);
  });

  it("the 401's challenge names the MCP server's own metadata, which is an open operation", () => {
    const challenge = deref((responses['401']!.headers as Json)['WWW-Authenticate'] as Json);
    expect(challenge.required).to.equal(true);
    expect(
      new RegExp((challenge.schema as Json).pattern as string).test(
        'Bearer realm="dispatch", resource_metadata="http://h/.well-known/oauth-protected-resource/mcp"',
      ),
    ).to.equal(true);
    expect(
      new RegExp((challenge.schema as Json).pattern as string).test(
        'Bearer realm="dispatch", resource_metadata="http://h/.well-known/oauth-protected-resource"',
      ),
    ).to.equal(false);
    const metadata = PATHS['/.well-known/oauth-protected-resource/mcp']!.get as Json;
    expect(metadata).to.include({ operationId: 'discovery.mcpProtectedResource' });
    expect(metadata.security).to.deep.equal([]);
    expect(bodyRef(deref((metadata.responses as Json)['200'] as Json))).to.equal('#/components/schemas/ProtectedResourceMetadata');
  });
});
