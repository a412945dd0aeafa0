import { type IncomingMessage, type ServerResponse } from 'node:http';
import { AUTHENTICATION_FAILED, sendError, sendJson } from './pinterestFakeAnswers';
import { type FakeToken, type PinterestFakeState } from './pinterestFakeState';

export type FakeRequest = { readonly message: IncomingMessage; readonly url: URL; readonly body: Buffer; readonly base: string };

/** The owner's token from `Authorization: Bearer`, answering 401 itself when it is not good. */
export function bearer(state: PinterestFakeState, message: IncomingMessage, response: ServerResponse): FakeToken | null {
  const token = /^Bearer (.+)$/.exec(message.headers.authorization ?? '')?.[1];
  const known = token ? state.accessTokens.get(token) : undefined;
  if (!known || known.expired) {
    sendError(response, AUTHENTICATION_FAILED);
    return null;
  }
  return known;
}

/** The token, when it also carries `scope`; a 403 otherwise. */
export function scoped(state: PinterestFakeState, message: IncomingMessage, response: ServerResponse, scope: string): FakeToken | null {
  const token = bearer(state, message, response);
  if (token && !token.scopes.includes(scope)) {
    sendError(response, { status: 403, code: 3, message: `Not authorized to access the user associated with the token: missing scope ${scope}.` });
    return null;
  }
  return token;
}

export function json(message: IncomingMessage, body: Buffer): Record<string, unknown> | null {
  if (!String(message.headers['content-type'] ?? '').startsWith('application/json')) return null;
  try {
    const parsed = JSON.parse(body.toString('utf8'));
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** `GET /v5/user_account`. */
export function userAccount(state: PinterestFakeState, { message }: FakeRequest, response: ServerResponse) {
  if (!scoped(state, message, response, 'user_accounts:read')) return;
  sendJson(response, 200, { ...state.account, website_url: 'https://ada.example', board_count: state.boards.length });
}

/** `GET /v5/boards`: pages of `page_size` (at most 250), the next one named by `bookmark`. */
export function listBoards(state: PinterestFakeState, { message, url }: FakeRequest, response: ServerResponse) {
  if (!scoped(state, message, response, 'boards:read')) return;
  const pageSize = Number(url.searchParams.get('page_size') ?? '25');
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 250)
    return sendError(response, { status: 400, code: 1, message: 'page_size must be 1 to 250' });
  const size = Math.min(pageSize, state.boardsPageSize);
  const start = Number(url.searchParams.get('bookmark')?.replace(/^bm-/, '') ?? '0');
  const items = state.boards
    .slice(start, start + size)
    .map((b) => ({ id: b.id, name: b.name, privacy: 'PUBLIC', owner: { username: state.account.username } }));
  const bookmark = start + size < state.boards.length ? `bm-${start + size}` : null;
  sendJson(response, 200, { items, bookmark });
}
