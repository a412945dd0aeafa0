import { type PublishOutcome } from '../../../../application/ports/PlatformPublisher';
import { type PublishAs } from '../../../../application/ports/platforms/PlatformConnector';
import { failedCallOutcome } from './facebookErrors';
import { graphGet, okBody } from './FacebookHttp';
import { type FacebookSettings } from './FacebookOptions';

interface AccountsPage {
  data?: Array<{ id?: unknown; name?: unknown; tasks?: unknown }>;
  paging?: { cursors?: { after?: unknown }; next?: unknown };
}

/** A Page task that lets its holder publish as the Page. */
const PUBLISHING_TASKS = ['CREATE_CONTENT', 'MANAGE'];
const MAX_LIST_PAGES = 10;

/** The Pages the person may publish to, from `GET /me/accounts` (followed through its cursors). */
export async function pagesOf(settings: FacebookSettings, userToken: string): Promise<PublishAs[]> {
  const pages: PublishAs[] = [];
  let after: string | null = null;
  for (let listed = 0; listed < MAX_LIST_PAGES; listed += 1) {
    const query: Record<string, string> = { fields: 'id,name,tasks', limit: '100', ...(after ? { after } : {}) };
    const answer = await graphGet(settings, '/me/accounts', userToken, query);
    const body = okBody<AccountsPage>(answer);
    if (!Array.isArray(body?.data)) throw new Error(`Facebook did not list the Pages: ${answer.kind === 'answered' ? answer.status : answer.reason}`);
    for (const page of body.data) {
      const tasks = Array.isArray(page.tasks) ? page.tasks : [];
      if (typeof page.id !== 'string' || !tasks.some((task) => PUBLISHING_TASKS.includes(task))) continue;
      pages.push({ id: page.id, kind: 'page', name: typeof page.name === 'string' ? page.name : `Page ${page.id}` });
    }
    const cursor = body.paging?.cursors?.after;
    if (typeof body.paging?.next !== 'string' || typeof cursor !== 'string') break;
    after = cursor;
  }
  return pages;
}

export type PageToken = { readonly ok: true; readonly token: string } | { readonly ok: false; readonly outcome: PublishOutcome };

/**
 * The Page access token, asked for with the person's token at publish time
 * (`GET /{page-id}?fields=access_token`): never stored, so a Page role the person lost, or a
 * token Facebook invalidated, shows at the next call.
 */
export async function pageToken(settings: FacebookSettings, userToken: string, pageId: string): Promise<PageToken> {
  const answer = await graphGet(settings, `/${encodeURIComponent(pageId)}`, userToken, { fields: 'access_token' });
  const token = okBody<{ access_token?: unknown }>(answer)?.access_token;
  if (typeof token === 'string') return { ok: true, token };
  if (answer.kind === 'answered' && answer.status === 200) {
    return { ok: false, outcome: { kind: 'needsReconnect', reason: `Facebook gave no Page token for Page ${pageId}: the person may no longer manage it` } };
  }
  return { ok: false, outcome: failedCallOutcome(answer, 'preparing') };
}
