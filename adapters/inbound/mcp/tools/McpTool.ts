import { type Scope } from '../../../../domain/credential/Scope';
import { type McpCaller } from '../McpCaller';
import { type McpContext } from '../McpUseCases';
import { type ToolInputSchema } from '../schemas/operationInput';

/** What a tool answers: the API's JSON for the operation, and a line or two a person can read. */
export interface ToolOutput {
  readonly json: Readonly<Record<string, unknown>>;
  readonly summary: string;
}

/** MCP's hints about a tool's effects (the specification's ToolAnnotations). */
export interface ToolHints {
  readonly readOnlyHint: boolean;
  readonly destructiveHint?: boolean;
  readonly idempotentHint?: boolean;
  /** It reaches beyond the service: a platform, or another site's URL. */
  readonly openWorldHint: boolean;
}

/**
 * One tool: a thin caller of the use case its API operation calls, needing the same scope
 * (the operation's, from the OpenAPI document), taking the same arguments.
 */
export interface McpTool {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  /** The scope of the API operation it stands for; null: any valid credential. */
  readonly scope: Scope | null;
  readonly hints: ToolHints;
  readonly inputSchema: ToolInputSchema;
  /** It changes something a second call would change again: it takes an idempotencyKey (toolReplays.ts). */
  readonly replayable: boolean;
  run(args: Readonly<Record<string, unknown>> | undefined, caller: McpCaller, context: McpContext): Promise<ToolOutput>;
}
