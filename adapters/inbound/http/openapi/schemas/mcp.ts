import { type SchemaMap, type SchemaObject } from '../types';
import { closedObject } from './building';

/** Any JSON object: a JSON-RPC message's params or result, whose shape the MCP method decides. */
const members = (description: string): SchemaObject => ({ type: 'object', additionalProperties: {}, description });
const jsonrpc: SchemaObject = { type: 'string', const: '2.0' };
const requestId: SchemaObject = { type: ['string', 'integer'], description: 'Chosen by the client; the response carries it back.' };

/**
 * The JSON-RPC 2.0 messages POST /mcp carries (the MCP specification's Streamable HTTP transport,
 * protocol version 2025-11-25): the methods and their params are the MCP specification's
 * (initialize, tools/list, tools/call, resources/read, prompts/get…; docs/agents.md).
 */
export const mcpSchemas: SchemaMap = {
  JsonRpcRequest: closedObject({
    description: 'A request: the server answers it (200) with a response carrying the same id.',
    properties: {
      jsonrpc,
      id: requestId,
      method: { type: 'string', description: 'An MCP method, e.g. tools/call.' },
      params: members("The method's parameters."),
    },
    optional: ['params'],
  }),
  JsonRpcNotification: closedObject({
    description: 'A notification (no id): accepted with 202 and no body, e.g. notifications/initialized.',
    properties: { jsonrpc, method: { type: 'string' }, params: members("The notification's parameters.") },
    optional: ['params'],
  }),
  JsonRpcResultResponse: closedObject({
    description: "A request's result: for tools/call an MCP CallToolResult, whose structuredContent is the API's JSON (isError true: the API's error body).",
    properties: { jsonrpc, id: requestId, result: members("The method's result.") },
  }),
  JsonRpcErrorResponse: closedObject({
    description:
      'A JSON-RPC error: an unknown method or tool, invalid params, a resource not found (-32002), or the transport refusing the request (no id then).',
    properties: {
      jsonrpc,
      id: { type: ['string', 'integer', 'null'] },
      error: closedObject({
        properties: {
          code: { type: 'integer' },
          message: { type: 'string' },
          data: { description: "Details: for a refused resource read, the API's error body." },
        },
        optional: ['data'],
      }),
    },
    optional: ['id'],
  }),
  McpMessage: {
    description: 'One JSON-RPC message from the client.',
    oneOf: [
      { $ref: '#/components/schemas/JsonRpcRequest' },
      { $ref: '#/components/schemas/JsonRpcNotification' },
      { $ref: '#/components/schemas/JsonRpcResultResponse' },
      { $ref: '#/components/schemas/JsonRpcErrorResponse' },
    ],
  },
  McpResponse: {
    description: "The server's answer to a request.",
    oneOf: [{ $ref: '#/components/schemas/JsonRpcResultResponse' }, { $ref: '#/components/schemas/JsonRpcErrorResponse' }],
  },
};
