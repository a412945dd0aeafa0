import { type Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ReadResourceRequestSchema,
  type ReadResourceResult,
} from '@modelcontextprotocol/sdk/types.js';
import { notFound } from '../../../domain/shared/DomainError';
import { PAGE_LIMIT_MAX } from '../http/contract/requestLimits';
import { presentConnection } from '../http/presenters/present';
import { presentPost } from '../http/presenters/presentPost';
import { protocolError } from './domainErrors';
import { type McpCaller } from './McpCaller';
import { type McpContext } from './McpUseCases';
import { operationShape } from './schemas/operationInput';
import { invalidArguments } from './toolArguments';

/** A resource kind: its URI template, the API operation whose scope reading it needs, and how it is read. */
interface ResourceKind {
  readonly uriTemplate: string;
  readonly pattern: RegExp;
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly operationId: string;
  read(workspaceId: string, id: string, context: McpContext): Promise<object>;
}

const KINDS: readonly ResourceKind[] = [
  {
    uriTemplate: 'dispatch://workspaces/{workspaceId}/posts/{postId}',
    pattern: /^dispatch:\/\/workspaces\/([^/]+)\/posts\/([^/]+)$/,
    name: 'post',
    title: 'A post',
    description: 'A post as GET /v1/workspaces/{workspaceId}/posts/{postId} answers it (needs posts:read).',
    operationId: 'posts.get',
    read: async (workspaceId, id, { useCases }) => presentPost(await useCases.posts.read.get(workspaceId, id)),
  },
  {
    uriTemplate: 'dispatch://workspaces/{workspaceId}/connections/{connectionId}',
    pattern: /^dispatch:\/\/workspaces\/([^/]+)\/connections\/([^/]+)$/,
    name: 'connection',
    title: 'A connected account',
    description: 'A connected account, with its health (status, statusReason, lastError), as connections.list lists it (needs accounts:read).',
    operationId: 'connections.list',
    read: async (workspaceId, id, { useCases }) => presentConnection(await connectionOf(workspaceId, id, useCases.connections)),
  },
];

/** Each kind's scope: its operation's, as the OpenAPI document names it. */
const SCOPES = new Map(KINDS.map((kind) => [kind.name, operationShape(kind.operationId).scope]));

async function connectionOf(workspaceId: string, id: string, connections: McpContext['useCases']['connections']) {
  for (let offset = 0; ; offset += PAGE_LIMIT_MAX) {
    const { items, total } = await connections.execute(workspaceId, { limit: PAGE_LIMIT_MAX, offset });
    const found = items.find((c) => c.id === id);
    if (found !== undefined) return found;
    if (items.length === 0 || offset + items.length >= total) throw notFound('Connection');
  }
}

/** A post and a connected account as resources (resource templates), read with the same access checks as the API. */
export function registerResources(server: Server, caller: McpCaller, context: McpContext): void {
  server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: [] }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: KINDS.map(({ uriTemplate, name, title, description }) => ({ uriTemplate, name, title, description, mimeType: 'application/json' })),
  }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request): Promise<ReadResourceResult> => {
    const { uri } = request.params;
    try {
      for (const kind of KINDS) {
        const match = kind.pattern.exec(uri);
        if (match === null) continue;
        const [, workspaceId, id] = match as unknown as [string, string, string];
        const access = await caller.forOperation(SCOPES.get(kind.name)!).access(workspaceId);
        const json = await kind.read(access.workspaceId, id, context);
        return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(json) }] };
      }
      throw invalidArguments('uri', `must match ${KINDS.map((k) => k.uriTemplate).join(' or ')}`);
    } catch (error) {
      throw protocolError(error, caller.requestId, context.logger);
    }
  });
}
