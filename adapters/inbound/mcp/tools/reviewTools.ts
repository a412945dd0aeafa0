import { ReviewBody } from '../../http/dto/PostBody';
import { reviewCommentOf } from '../../http/dto/reviewComment';
import { presentReview } from '../../http/presenters/presentPost';
import { validateBody } from '../../http/validation';
import { defineTool } from './defineTool';
import { type McpTool } from './McpTool';
import { postOutput } from './postOutputs';

const reviewPost = defineTool({
  name: 'review_post',
  title: 'Approve a post or ask for changes',
  lead:
    'A reviewer\'s decision on a post waiting in pending_review: decision "approved" (the post resumes its intent: scheduled or publishing) ' +
    'or "changes_requested" with a comment saying what should change.',
  operationId: 'posts.review',
  rename: { id: 'postId' },
  takesBody: true,
  hints: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  async run(args, caller, { useCases }) {
    const actor = await caller.actor(args.id('workspaceId', true));
    const postId = args.id('postId');
    const body = validateBody(ReviewBody, args.bodyWithout(['workspaceId', 'postId']));
    const comment = reviewCommentOf(body);
    const { review, post } =
      body.decision === 'approved'
        ? await useCases.posts.lifecycle.approve(actor, postId, comment)
        : await useCases.posts.lifecycle.requestChanges(actor, postId, comment!);
    const output = postOutput(post, body.decision === 'approved' ? 'Approved' : 'Changes requested on');
    return { json: { review: presentReview(review), post: output.json }, summary: output.summary };
  },
});

export const REVIEW_TOOLS: readonly McpTool[] = [reviewPost];
