import { MEDIA_TOOLS } from './mediaTools';
import { type McpTool } from './McpTool';
import { METRICS_TOOLS } from './metricsTools';
import { POST_READ_TOOLS } from './postReadTools';
import { POST_WRITE_TOOLS } from './postWriteTools';
import { REVIEW_TOOLS } from './reviewTools';
import { TARGET_TOOLS } from './targetTools';
import { WORKSPACE_TOOLS } from './workspaceTools';

/** Every tool of the MCP server, in the order tools/list gives them (docs/agents.md). */
export const ALL_TOOLS: readonly McpTool[] = [
  ...WORKSPACE_TOOLS,
  ...POST_WRITE_TOOLS,
  ...POST_READ_TOOLS,
  ...TARGET_TOOLS,
  ...REVIEW_TOOLS,
  ...MEDIA_TOOLS,
  ...METRICS_TOOLS,
];
