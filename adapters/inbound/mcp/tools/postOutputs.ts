import { type Post } from '../../../../domain/post/Post';
import { type PostSnapshot } from '../../../../domain/post/PostSnapshot';
import { entityTagOf } from '../../http/entityTags';
import { presentPost, type presentTarget } from '../../http/presenters/presentPost';
import { type ToolOutput } from './McpTool';

type PresentedPost = ReturnType<typeof presentPost>;
type PresentedTarget = ReturnType<typeof presentTarget>;

/** One target in a line: where it goes, and when, or what became of it. */
export function targetLine(t: PresentedTarget): string {
  const where = `${t.settings.platform} target ${t.id} on connection ${t.connectionId}`;
  if (t.status === 'published') return `${where}: published at ${t.postedAt}${t.platformPostUrl === null ? '' : `, ${t.platformPostUrl}`}`;
  if (t.status === 'failed') return `${where}: failed after ${t.attempts} attempt(s): ${t.error ?? 'no reason given'}`;
  return `${where}: ${t.status}${t.scheduledAt === null ? ', no time set' : `, scheduled for ${t.scheduledAt}`}`;
}

const firstText = (p: PresentedPost): string => {
  const text = (p.groups.find((g) => g.isDefault) ?? p.groups[0])?.segments[0]?.text ?? '';
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
};

/** A post as the API answers it (its ETag, the version an update's ifMatch names, in the summary). */
export function postOutput(post: Post | PostSnapshot, verb: string): ToolOutput {
  const json = presentPost(post);
  const head = `${verb} post ${json.id}: ${json.status} (ETag ${entityTagOf(post.version)}), ${json.targets.length} target(s), "${firstText(json)}"`;
  return { json, summary: [head, ...json.targets.map((t) => `- ${targetLine(t)}`)].join('\n') };
}

/** A page of posts, one line each. */
export function postPageOutput(items: readonly PostSnapshot[], total: number, page: { limit: number; offset: number }): ToolOutput {
  const data = items.map(presentPost);
  const lines = data.map((p) => {
    const targets = p.targets.map((t) => `${t.settings.platform} ${t.status}${(t.postedAt ?? t.scheduledAt) ? ` ${t.postedAt ?? t.scheduledAt}` : ''}`);
    return `- ${p.id} ${p.status} "${firstText(p)}": ${targets.join('; ') || 'no targets'}`;
  });
  return { json: { data, total, ...page }, summary: [`${data.length} of ${total} post(s):`, ...lines].join('\n') };
}
