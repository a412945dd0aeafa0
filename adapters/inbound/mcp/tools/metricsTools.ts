import { presentTargetFigures as presentFigures } from '../../http/presenters/presentTargetFigures';
import { invalidArguments } from '../toolArguments';
import { defineTool, READS } from './defineTool';
import { type McpTool } from './McpTool';

const postMetrics = defineTool({
  name: 'get_post_metrics',
  title: "Read a post's metrics",
  lead: "A published post's figures per target (likes, reposts, replies, quotes, saves, views, clicks) as the workers last collected them.",
  operationId: 'posts.metrics',
  rename: { id: 'postId' },
  hints: READS,
  async run(args, caller, { useCases }) {
    const access = await caller.access(args.id('workspaceId', true));
    const history = args.query(['history']).history;
    if (history !== undefined && history !== 'true' && history !== 'false') throw invalidArguments('history', 'must be true or false');
    const data = (await useCases.figures.ofPost(access.workspaceId, args.id('postId'), history === 'true')).map(presentFigures);
    const lines = data.map((t) => {
      const counts = Object.entries((t.counts ?? {}) as Record<string, unknown>)
        .filter(([, n]) => n !== null)
        .map(([name, n]) => `${name} ${String(n)}`);
      return `- ${t.platform} target ${t.targetId}: ${counts.join(', ') || 'no figures yet'}${t.collectedAt === null ? '' : ` (collected ${t.collectedAt})`}`;
    });
    return { json: { data }, summary: [`Figures of ${data.length} published target(s):`, ...lines].join('\n') };
  },
});

export const METRICS_TOOLS: readonly McpTool[] = [postMetrics];
