import { MCP_METADATA_PATH, MCP_PATH } from '../../mcpPaths';
import { errorResponses } from '../errorResponses';
import { jsonAnswerHeaders, noStoreWhenAuthenticatedHeader, rateLimitHeaders, requestIdHeader } from '../headers';
import { openOperation, openResponse } from '../operations';
import { jsonContent, schemaRef } from '../refs';
import { bearer } from '../security';
import { type HeaderObject, type PathMap, type ResponseObject } from '../types';

/** Headers of every answer of /mcp: the JSON API's (docs/surfaces.md); no-store always once a credential was sent. */
const answerHeaders = (credentialSent: boolean): Record<string, HeaderObject> => ({
  'X-Request-Id': requestIdHeader,
  ...jsonAnswerHeaders,
  'Cache-Control': noStoreWhenAuthenticatedHeader(credentialSent),
  ...rateLimitHeaders(true),
});

const transportRefusal = (description: string): ResponseObject => ({
  description,
  headers: answerHeaders(true),
  content: jsonContent(schemaRef('JsonRpcErrorResponse')),
});

/** The MCP server's 401: its challenge names the MCP server's own metadata (RFC 9728), not the API's. */
const unauthorized: ResponseObject = {
  description:
    "UnauthorizedError: no credential, or one that is malformed, unknown, revoked, expired, or an OAuth access token for another resource (the API's: aud must be BASE_URL/mcp). " +
    'Get a token from the authorization server the metadata names, with resource=BASE_URL/mcp.',
  headers: {
    ...answerHeaders(false),
    'WWW-Authenticate': {
      description:
        'Bearer challenge whose resource_metadata is BASE_URL/.well-known/oauth-protected-resource/mcp; error="invalid_token" when a credential was sent.',
      required: true,
      schema: { type: 'string', pattern: '^Bearer .*resource_metadata="[^"]+/\\.well-known/oauth-protected-resource/mcp"' },
    },
  },
  content: jsonContent(schemaRef('Error')),
};

export const mcpPaths: PathMap = {
  [MCP_PATH]: {
    post: {
      operationId: 'mcp.message',
      summary: 'The MCP server: one JSON-RPC message over the Streamable HTTP transport',
      description:
        'Model Context Protocol, protocol version 2025-11-25, Streamable HTTP transport in stateless mode: every request stands alone (no Mcp-Session-Id), ' +
        'answered with application/json, never a stream; GET and DELETE answer 405. Send Accept: application/json, text/event-stream and, after initialize, ' +
        'Mcp-Protocol-Version. A protected resource of its own (RFC 9728 metadata at /.well-known/oauth-protected-resource/mcp): an OAuth access token ' +
        'must have been issued for resource=BASE_URL/mcp (a token for the API is refused, and the other way round); API keys work too. ' +
        "Any valid credential may connect; tools/list offers the tools its scopes allow, and each tool checks its API operation's scope and workspace " +
        'as the API does (docs/agents.md). A browser page of another origin is refused (403 origin_not_allowed).',
      tags: ['mcp'],
      security: bearer(null),
      parameters: [
        {
          name: 'Mcp-Protocol-Version',
          in: 'header',
          required: false,
          description:
            'The version initialize agreed on (2025-11-25, or an earlier one the server supports); required on every request after initialize, else 400.',
          schema: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
        },
      ],
      requestBody: { description: 'One JSON-RPC message.', required: true, content: jsonContent(schemaRef('McpMessage')) },
      responses: {
        200: { description: "The request's response.", headers: answerHeaders(true), content: jsonContent(schemaRef('McpResponse')) },
        202: { description: 'A notification or a response, accepted: no body.', headers: answerHeaders(true) },
        400: transportRefusal('Refused by the transport: not a JSON-RPC message, or an unsupported Mcp-Protocol-Version.'),
        401: unauthorized,
        406: transportRefusal('Refused by the transport: Accept must list both application/json and text/event-stream.'),
        ...errorResponses([403, 413, 415, 422, 429, 500, 503]),
      },
    },
  },
  [MCP_METADATA_PATH]: {
    get: openOperation({
      operationId: 'discovery.mcpProtectedResource',
      summary: "The MCP server's OAuth 2.0 protected-resource metadata (RFC 9728)",
      description:
        'No credential. Where the 401 of /mcp points: the resource is BASE_URL/mcp, tokens for it come from the authorization server named (this service, ' +
        'with a client the operator registered; no dynamic registration).',
      tags: ['discovery'],
      responses: { 200: openResponse('The metadata.', schemaRef('ProtectedResourceMetadata')) },
    }),
  },
};
