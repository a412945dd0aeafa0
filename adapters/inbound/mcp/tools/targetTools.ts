import { presentTarget } from '../../http/presenters/presentPost';
import { presentAttempt } from '../../http/presenters/presentAttempt';
import { defineTool, READS } from './defineTool';
import { type McpTool } from './McpTool';
import { targetLine } from './postOutputs';

const retryTarget = defineTool({
  name: 'retry_target',
  title: 'Retry a failed target',
  lead: 'Publishes a failed target of a post again (the others are left as they are); get_post or list_target_attempts then show how it went.',
  operationId: 'posts.retryTarget',
  rename: { id: 'postId' },
  hints: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  async run(args, caller, { useCases }) {
    const actor = await caller.actor(args.id('workspaceId', true));
    const { target } = await useCases.posts.lifecycle.retryTarget(actor, args.id('postId'), args.id('targetId'));
    const json = presentTarget(target);
    return { json, summary: `Retrying: ${targetLine(json)}` };
  },
});

const listTargetAttempts = defineTool({
  name: 'list_target_attempts',
  title: "Read a target's attempts",
  lead: "Every platform call made to publish one target, oldest first: its outcome, the platform's error and status code.",
  operationId: 'posts.targetAttempts',
  rename: { id: 'postId' },
  hints: READS,
  async run(args, caller, { useCases }) {
    const access = await caller.access(args.id('workspaceId', true));
    const data = (await useCases.attempts.list(access.workspaceId, args.id('postId'), args.id('targetId'))).map(presentAttempt);
    const lines = data.map(
      (a) => `- attempt ${a.attempt}, segment ${a.segmentIndex}: ${a.outcome} at ${a.finishedAt}${a.error === null ? '' : ` (${a.error})`}`,
    );
    return { json: { data }, summary: [`${data.length} attempt(s):`, ...lines].join('\n') };
  },
});

export const TARGET_TOOLS: readonly McpTool[] = [retryTarget, listTargetAttempts];
