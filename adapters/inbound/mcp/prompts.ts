import { type Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ErrorCode, type GetPromptResult, GetPromptRequestSchema, ListPromptsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { isPlatform, PLATFORMS, type Platform } from '../../../domain/platform/Platform';
import { presentPlatform } from '../http/presenters/presentPlatform';
import { type McpContext } from './McpUseCases';

const DRAFT_THREAD = 'draft_thread';

const PROMPT = {
  name: DRAFT_THREAD,
  title: 'Draft a thread for these platforms',
  description:
    "Asks for a thread on a topic that fits each platform's limits (text length, media, what later segments become), as GET /v1/platforms states them.",
  arguments: [
    { name: 'platforms', description: `Platforms, separated by commas or spaces: ${PLATFORMS.join(', ')}.`, required: true },
    { name: 'topic', description: 'What the thread is about.', required: true },
  ],
};

type Listed = ReturnType<typeof presentPlatform>;

const UNITS: Record<string, string> = {
  code_points: 'characters (Unicode code points)',
  graphemes: 'characters (graphemes: an emoji counts as one)',
  utf8_bytes: 'UTF-8 bytes',
  utf16_units: 'UTF-16 code units',
  emoji_as_utf8_bytes: 'characters, an emoji counting as its UTF-8 bytes',
};

const FOLLOW_UPS: Record<string, string> = {
  thread: 'each later segment is posted as a reply to the one before (a thread)',
  comments: 'each later segment is posted as a comment under the first',
  refused: 'one segment only: it has no threads, so give it a group of a single segment',
};

/** One platform's limits in a sentence, from its descriptor (what GET /v1/platforms serves). */
export function limitsLine({ platform, displayName, limits }: Listed): string {
  const media =
    limits.maxMediaPerSegment === null ? 'media per segment as the platform allows' : `at most ${limits.maxMediaPerSegment} media item(s) per segment`;
  const parts = [
    `at most ${limits.textLimit} ${UNITS[limits.textUnit] ?? limits.textUnit} per segment`,
    FOLLOW_UPS[limits.followUpSegments] ?? limits.followUpSegments,
    limits.requiresMedia ? `the first segment must carry media (${media})` : media,
    ...(limits.postsPerWindow === null ? [] : [`at most ${limits.postsPerWindow.posts} new posts per ${limits.postsPerWindow.windowHours} hours per account`]),
  ];
  return `- ${displayName} (${platform}): ${parts.join('; ')}.`;
}

function platformsOf(raw: string | undefined): Platform[] {
  const names = (raw ?? '')
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map((name) => name.toUpperCase());
  const unknown = names.filter((name) => !isPlatform(name));
  if (names.length === 0 || unknown.length > 0) {
    const problem = names.length === 0 ? 'names no platform' : `names unknown platform(s): ${unknown.join(', ')}`;
    throw new McpError(ErrorCode.InvalidParams, `platforms ${problem}; choose among ${PLATFORMS.join(', ')}`);
  }
  return [...new Set(names as Platform[])];
}

/** The prompt "draft a thread for these platforms" (docs/agents.md). */
export function registerPrompts(server: Server, { useCases }: McpContext): void {
  server.setRequestHandler(ListPromptsRequestSchema, () => ({ prompts: [PROMPT] }));
  server.setRequestHandler(GetPromptRequestSchema, (request): GetPromptResult => {
    if (request.params.name !== DRAFT_THREAD) throw new McpError(ErrorCode.InvalidParams, `no prompt named ${request.params.name}; there is ${DRAFT_THREAD}`);
    const platforms = platformsOf(request.params.arguments?.platforms);
    const topic = request.params.arguments?.topic?.trim();
    if (!topic) throw new McpError(ErrorCode.InvalidParams, 'topic is required');
    const listed = useCases.platforms
      .execute()
      .filter((p) => platforms.includes(p.platform))
      .map(presentPlatform);
    const text = [
      `Draft a thread about: ${topic}`,
      '',
      `It goes to ${platforms.join(', ')}. A thread is a list of segments, each one post; keep every segment within each platform's limits:`,
      ...listed.map(limitsLine),
      '',
      'Where one text cannot fit every platform, write a shorter variant for the tighter ones: in create_post, the default group holds the main text ' +
        'and a group of its own serves a platform that needs another (its targets name that group).',
      'Show me the draft first. Once I agree, call list_connections for the connectionIds and create_post with one target per account, ' +
        'intent draft unless I ask to schedule or publish.',
    ].join('\n');
    return { description: `A thread about ${topic} for ${platforms.join(', ')}`, messages: [{ role: 'user', content: { type: 'text', text } }] };
  });
}
