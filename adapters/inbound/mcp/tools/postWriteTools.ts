import { PostBody } from '../../http/dto/PostBody';
import { toPostRequest } from '../../http/dto/toCommands';
import { preconditionFrom } from '../../http/entityTags';
import { validateBody } from '../../http/validation';
import { settingsWithDefaults } from '../schemas/settingsDefaults';
import { defineTool } from './defineTool';
import { type McpTool } from './McpTool';
import { withTargetDefaults } from './postBodies';
import { postOutput } from './postOutputs';

const WRITES = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true } as const;

const createPost = defineTool({
  name: 'create_post',
  title: 'Create a post',
  lead:
    'Creates a post from groups of segments (a segment is one post of a thread) and targets (one per connected account): ' +
    "a draft (intent draft or none), scheduled at each target's scheduledAt (intent schedule), published at once (intent publish_now), " +
    "or queued in its connection's next free posting-schedule slot (intent schedule, scheduledAt null, queue true). " +
    "A target's settings may be left out, and so may any settings value: they take the defaults the schema shows.",
  operationId: 'posts.create',
  rewrite: settingsWithDefaults,
  takesBody: true,
  hints: WRITES,
  async run(args, caller, { useCases }) {
    const actor = await caller.actor(args.id('workspaceId', true));
    const body = await withTargetDefaults(args.bodyWithout(['workspaceId']), actor.workspaceId, useCases.connections);
    const post = await useCases.posts.write.create(actor, toPostRequest(validateBody(PostBody, body)));
    return postOutput(post, 'Created');
  },
});

const updatePost = defineTool({
  name: 'update_post',
  title: 'Update a post',
  lead:
    "Replaces a post's groups and targets (send the whole post, as get_post shows it, changed); settings may be left out as in create_post. " +
    'ifMatch, the ETag a read gave ("3"), makes the change conditional.',
  operationId: 'posts.update',
  rename: { id: 'postId', 'If-Match': 'ifMatch' },
  rewrite: settingsWithDefaults,
  takesBody: true,
  hints: { ...WRITES, idempotentHint: true },
  async run(args, caller, { useCases }) {
    const actor = await caller.actor(args.id('workspaceId', true));
    const postId = args.id('postId');
    const precondition = preconditionFrom(args.id('ifMatch', true) ?? '');
    const body = await withTargetDefaults(args.bodyWithout(['workspaceId', 'postId', 'ifMatch']), actor.workspaceId, useCases.connections);
    const post = await useCases.posts.write.update(actor, postId, toPostRequest(validateBody(PostBody, body)), precondition);
    return postOutput(post, 'Updated');
  },
});

const publishPost = defineTool({
  name: 'publish_post',
  title: 'Publish a post now',
  lead: "Publishes a draft or scheduled post at once (every pending target); the targets then publish in the background: get_post shows each one's outcome and platformPostUrl.",
  operationId: 'posts.publishNow',
  rename: { id: 'postId' },
  hints: WRITES,
  async run(args, caller, { useCases }) {
    const actor = await caller.actor(args.id('workspaceId', true));
    return postOutput(await useCases.posts.lifecycle.publishNow(actor, args.id('postId')), 'Publishing');
  },
});

export const POST_WRITE_TOOLS: readonly McpTool[] = [createPost, updatePost, publishPost];
