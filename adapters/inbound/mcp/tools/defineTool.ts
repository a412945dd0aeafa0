import { type OperationCaller } from '../McpCaller';
import { type McpContext } from '../McpUseCases';
import { operationShape, type OperationShapeOptions } from '../schemas/operationInput';
import { ToolArguments } from '../toolArguments';
import { IDEMPOTENCY_ARGUMENT, IDEMPOTENCY_KEY_SCHEMA } from '../toolReplays';
import { type McpTool, type ToolHints, type ToolOutput } from './McpTool';

export interface ToolDefinition extends OperationShapeOptions {
  readonly name: string;
  readonly title: string;
  /** What the tool does for an agent, before the API operation's own description. */
  readonly lead: string;
  /** The API operation it calls: its scope, parameters and body come from the OpenAPI document. */
  readonly operationId: string;
  readonly hints: ToolHints;
  /** Its arguments include a request body, which the API's own validation checks (unknown names included). */
  readonly takesBody?: boolean;
  /** `caller`'s access checks need the operation's scope, as its route's do. */
  run(args: ToolArguments, caller: OperationCaller, context: McpContext): Promise<ToolOutput>;
}

/** A tool standing for one API operation (docs/agents.md). */
export function defineTool(definition: ToolDefinition): McpTool {
  const shape = operationShape(definition.operationId, definition);
  const known = Object.keys(shape.inputSchema.properties);
  const replayable = !definition.hints.readOnlyHint && definition.hints.idempotentHint !== true;
  const inputSchema = replayable
    ? { ...shape.inputSchema, properties: { ...shape.inputSchema.properties, [IDEMPOTENCY_ARGUMENT]: IDEMPOTENCY_KEY_SCHEMA } }
    : shape.inputSchema;
  return {
    name: definition.name,
    title: definition.title,
    description: `${definition.lead} Calls ${definition.operationId}${shape.scope === null ? '' : ` (needs ${shape.scope})`}: ${shape.description}`,
    scope: shape.scope,
    hints: definition.hints,
    inputSchema,
    replayable,
    run: (raw, caller, context) => definition.run(ToolArguments.of(raw, known, definition.takesBody === true), caller.forOperation(shape.scope), context),
  };
}

/** Read-only tools of the service's own data. */
export const READS: ToolHints = { readOnlyHint: true, openWorldHint: false };
