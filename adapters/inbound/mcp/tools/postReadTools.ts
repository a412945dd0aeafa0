import { parsePostListFilters } from '../../http/routers/postListFilters';
import { parsePage } from '../../http/query';
import { defineTool, READS } from './defineTool';
import { type McpTool } from './McpTool';
import { postOutput, postPageOutput } from './postOutputs';

const getPost = defineTool({
  name: 'get_post',
  title: 'Get a post',
  lead: "A post with its groups and targets: each target's status, scheduledAt, and once published its postedAt and platformPostUrl (the page it is on).",
  operationId: 'posts.get',
  rename: { id: 'postId' },
  hints: READS,
  async run(args, caller, { useCases }) {
    const access = await caller.access(args.id('workspaceId', true));
    return postOutput(await useCases.posts.read.get(access.workspaceId, args.id('postId')), 'Read');
  },
});

const QUERY = ['limit', 'offset', 'status', 'from', 'to', 'platform', 'connectionId', 'sort'];

const listPosts = defineTool({
  name: 'list_posts',
  title: 'List posts',
  lead: "A workspace's posts, newest first, filtered by status, or a calendar: from, to, platform and connectionId with sort scheduledAt.",
  operationId: 'posts.list',
  hints: READS,
  async run(args, caller, { useCases }) {
    const access = await caller.access(args.id('workspaceId', true));
    const query = args.query(QUERY);
    const page = parsePage(query);
    const { items, total } = await useCases.posts.read.list(access.workspaceId, { ...page, ...parsePostListFilters(query) });
    return postPageOutput(items, total, page);
  },
});

export const POST_READ_TOOLS: readonly McpTool[] = [getPost, listPosts];
