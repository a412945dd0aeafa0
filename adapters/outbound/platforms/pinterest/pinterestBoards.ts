import { type PublishAs } from '../../../../application/ports/platforms/PlatformConnector';
import { getV5, parseJson } from './PinterestHttp';
import { type PinterestSettings } from './PinterestOptions';

interface BoardsPage {
  items?: Array<{ id?: unknown; name?: unknown }>;
  bookmark?: unknown;
}

/** Enough pages of 250 for any real account, without following a bookmark forever. */
const MAX_PAGES = 20;

/** The account's boards (`GET /v5/boards`, following `bookmark` from page to page). */
export async function boardsOf(settings: PinterestSettings, accessToken: string): Promise<PublishAs[]> {
  const boards: PublishAs[] = [];
  let bookmark: string | null = null;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const query = new URLSearchParams({ page_size: '250', ...(bookmark ? { bookmark } : {}) });
    const answer = await getV5(settings, accessToken, `/boards?${query}`);
    if (answer.kind !== 'answered' || answer.status !== 200) {
      throw new Error(`Pinterest did not list the account's boards: ${answer.kind === 'answered' ? answer.status : answer.reason}`);
    }
    const body = parseJson(answer.text) as BoardsPage | null;
    for (const item of body?.items ?? []) {
      if (typeof item.id === 'string') boards.push({ id: item.id, kind: 'board', name: typeof item.name === 'string' ? item.name : `Board ${item.id}` });
    }
    bookmark = typeof body?.bookmark === 'string' && body.bookmark.length > 0 ? body.bookmark : null;
    if (bookmark === null) break;
  }
  return boards;
}
