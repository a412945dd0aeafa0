import { type FakeCall } from './kit/fakeCall';
import { type FakeAccessToken, liveTokenOf } from './kit/oauthGrants';
import { AUTHENTICATION_FAILED } from './pinterestFakeAnswers';
import { type PinterestFakeState } from './pinterestFakeState';

export type PinterestCall = FakeCall<PinterestFakeState>;

/** The owner's live token, or Pinterest's 401 answered. */
export const ownerOf = (call: PinterestCall): FakeAccessToken | null => liveTokenOf(call, AUTHENTICATION_FAILED);

/** `GET /v5/user_account` (user_account/get). */
export function userAccount(call: PinterestCall) {
  if (!ownerOf(call)) return;
  call.answer(200, { ...call.state.account, website_url: 'https://ada.example', board_count: call.state.boards.length });
}

/** `GET /v5/boards` (boards/list): pages of `page_size` (the description bounds it), the next one named by `bookmark`. */
export function listBoards(call: PinterestCall) {
  if (!ownerOf(call)) return;
  const { state } = call;
  const size = Math.min(Number(call.url.searchParams.get('page_size') ?? '25'), state.boardsPageSize);
  const start = Number(call.url.searchParams.get('bookmark')?.replace(/^bm-/, '') ?? '0');
  const items = state.boards
    .slice(start, start + size)
    .map((b) => ({ id: b.id, name: b.name, privacy: 'PUBLIC', owner: { username: state.account.username } }));
  call.answer(200, { items, bookmark: start + size < state.boards.length ? `bm-${start + size}` : null });
}
