import { type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { type Logger } from '../../../application/ports/Logger';
import { DomainError } from '../../../domain/shared/DomainError';
import { errorBody, STATUS_OF } from '../http/middleware/errorBody';
import { type ToolOutput } from './tools/McpTool';

/**
 * A tool's answer: the API's JSON as structured content, and a short summary first, followed by
 * the same JSON as text for clients that read text content only (the MCP specification asks it).
 */
export function toolResult(output: ToolOutput): CallToolResult {
  return {
    structuredContent: { ...output.json },
    content: [
      { type: 'text', text: output.summary },
      { type: 'text', text: JSON.stringify(output.json) },
    ],
  };
}

/**
 * A refusal as an MCP tool error: the error body the API would answer (docs/errors.md: its
 * code, message and details) as structured content, `code: message` as text. Anything but a
 * DomainError is a bug: logged with its stack, answered as the API's 500 without details.
 */
export function toolError(caught: unknown, requestId: string, logger: Logger, tool: string): CallToolResult {
  const body =
    caught instanceof DomainError
      ? errorBody(STATUS_OF[caught.kind], caught.code, caught.message, caught.details, requestId)
      : unexpected(caught, requestId, logger, tool);
  return {
    isError: true,
    structuredContent: { ...body },
    content: [{ type: 'text', text: `${body.error.code}: ${body.error.message}` }],
  };
}

function unexpected(caught: unknown, requestId: string, logger: Logger, tool: string) {
  logger.error('MCP tool failed', {
    requestId,
    tool,
    error: caught instanceof Error ? `${caught.name}: ${caught.message}` : String(caught),
    stack: caught instanceof Error ? caught.stack : undefined,
  });
  return errorBody(500, 'internal_error', 'an unexpected error occurred; quote the requestId when reporting it', [], requestId);
}
