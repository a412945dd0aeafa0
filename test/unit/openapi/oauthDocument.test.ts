import { expect } from 'chai';
import { OPENAPI_DOCUMENT } from '../../../adapters/inbound/http/openApiDocument';

type Json = Record<string, unknown>;
const DOCUMENT = JSON.parse(JSON.stringify(OPENAPI_DOCUMENT)) as Json;
const PATHS = DOCUMENT.paths as Record<string, Json>;
const SCHEMAS = (DOCUMENT.components as Json).schemas as Record<string, Json>;
const FORM = 'application/x-www-form-urlencoded';

const OAUTH_OPERATIONS = {
  '/oauth/token': 'oauth.token',
  '/oauth/device/authorize': 'oauth.deviceAuthorize',
  '/oauth/revoke': 'oauth.revoke',
  '/oauth/introspect': 'oauth.introspect',
} as const;

const operationAt = (template: string): Json => PATHS[template]!.post as Json;
const responsesOf = (template: string): Record<string, Json> => operationAt(template).responses as Record<string, Json>;
const headersOf = (response: Json): Record<string, Json> => (response.headers ?? {}) as Record<string, Json>;
const requiredHeader = (response: Json, name: string): Json | undefined => {
  const header = headersOf(response)[name];
  return header?.required === true ? (header.schema as Json) : undefined;
};

/** The authorization server's form endpoints in the OpenAPI document (docs/decisions.md, "OAuth server"; docs/surfaces.md). */
describe('OpenAPI document: the OAuth form endpoints', () => {
  it('describes the four form endpoints as POSTs tagged oauth, without the bearer credential', () => {
    for (const [template, operationId] of Object.entries(OAUTH_OPERATIONS)) {
      expect(Object.keys(PATHS[template] ?? {}), template).to.deep.equal(['post']);
      const operation = operationAt(template);
      expect(operation).to.include({ operationId });
      expect(operation.tags).to.deep.equal(['oauth']);
      expect(operation.security, template).to.deep.equal([]);
    }
    expect((DOCUMENT.tags as Json[]).map((tag) => tag.name)).to.include('oauth');
  });

  it('takes urlencoded bodies only; the token endpoint requires grant_type, one of the grants the metadata advertises', () => {
    for (const template of Object.keys(OAUTH_OPERATIONS)) {
      expect(Object.keys(((operationAt(template).requestBody as Json).content as Json) ?? {}), template).to.deep.equal([FORM]);
    }
    const token = (((operationAt('/oauth/token').requestBody as Json).content as Json)[FORM] as Json).schema as Json;
    expect(token.required).to.deep.equal(['grant_type']);
    const advertised = ((SCHEMAS.AuthorizationServerMetadata!.properties as Json).grant_types_supported as Json).items as Json;
    expect(((token.properties as Json).grant_type as Json).enum).to.have.members(advertised.enum as string[]);
  });

  it('answers 200 and the OAuth error body {error, error_description} for 400, 401 and 429, never the API envelope', () => {
    for (const template of Object.keys(OAUTH_OPERATIONS)) {
      const responses = responsesOf(template);
      expect(Object.keys(responses), template).to.include.members(['200', '400', '401', '429', '500', '503']);
      for (const [status, response] of Object.entries(responses).filter(([status]) => Number(status) >= 400)) {
        expect((response.content as Json)['application/json'], `${template} ${status}`).to.deep.equal({ schema: { $ref: '#/components/schemas/OAuthError' } });
      }
    }
    expect(SCHEMAS.OAuthError!.required).to.deep.equal(['error', 'error_description']);
    expect((SCHEMAS.OAuthError!.properties as Json).error).to.deep.include({ type: 'string' });
  });

  it('marks every answer no-store and no-cache (tokens and codes), a 429 with Retry-After, a 401 with an optional Basic challenge', () => {
    for (const template of Object.keys(OAUTH_OPERATIONS)) {
      for (const [status, response] of Object.entries(responsesOf(template))) {
        const where = `${template} ${status}`;
        expect(requiredHeader(response, 'Cache-Control'), where).to.deep.equal({ type: 'string', const: 'no-store' });
        expect(requiredHeader(response, 'Pragma'), where).to.deep.equal({ type: 'string', const: 'no-cache' });
        expect(requiredHeader(response, 'X-Request-Id'), where).to.not.equal(undefined);
      }
      const responses = responsesOf(template);
      expect(requiredHeader(responses['429']!, 'Retry-After'), template).to.not.equal(undefined);
      expect(headersOf(responses['401']!)['WWW-Authenticate'], template).to.deep.include({ required: false });
    }
  });

  it('names the success bodies: the token answer, the device authorization answer, the introspection answer; revocation has none', () => {
    const successSchema = (template: string) => ((responsesOf(template)['200']!.content as Json | undefined)?.['application/json'] as Json | undefined)?.schema;
    expect(successSchema('/oauth/token')).to.deep.equal({ $ref: '#/components/schemas/TokenResponse' });
    expect(successSchema('/oauth/device/authorize')).to.deep.equal({ $ref: '#/components/schemas/DeviceAuthorizationResponse' });
    expect(successSchema('/oauth/introspect')).to.deep.equal({ $ref: '#/components/schemas/IntrospectionResponse' });
    expect(responsesOf('/oauth/revoke')['200']!.content).to.equal(undefined);
    expect(SCHEMAS.TokenResponse!.required).to.have.members(['access_token', 'token_type', 'expires_in', 'scope']);
  });

  it('leaves the pages out, as it leaves out the sandbox pages: sign-in, device approval and consent are HTML', () => {
    const templates = Object.keys(PATHS);
    for (const page of ['/signin', '/signout', '/device', '/device/decide', '/oauth/authorize', '/oauth/authorize/finalize', '/sandbox/posts/{id}']) {
      expect(templates, page).to.not.include(page);
    }
  });
});
