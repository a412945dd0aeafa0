import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { type Logger } from '../../../application/ports/Logger';
import { DomainError } from '../../../domain/shared/DomainError';
import { errorBody, STATUS_OF } from '../http/middleware/errorBody';

/** MCP's code for a resource that does not exist (the specification's resources chapter). */
const RESOURCE_NOT_FOUND = -32002;

/**
 * A refusal of a resource read or a prompt as a JSON-RPC error (these have no tool result to
 * carry it): the API's error body as its data, its code and message as the message.
 */
export function protocolError(caught: unknown, requestId: string, logger: Logger): McpError {
  if (caught instanceof McpError) return caught;
  if (caught instanceof DomainError) {
    const code = caught.kind === 'not_found' ? RESOURCE_NOT_FOUND : caught.kind === 'validation' ? ErrorCode.InvalidParams : ErrorCode.InvalidRequest;
    return new McpError(code, `${caught.code}: ${caught.message}`, errorBody(STATUS_OF[caught.kind], caught.code, caught.message, caught.details, requestId));
  }
  logger.error('MCP request failed', { requestId, error: caught instanceof Error ? `${caught.name}: ${caught.message}` : String(caught) });
  return new McpError(ErrorCode.InternalError, 'an unexpected error occurred; quote the requestId when reporting it', { requestId });
}
