import { type ServerResponse } from 'node:http';
import { EXPIRED_SESSION, type GraphFakeError, INVALID_TOKEN, permissionError, sendError } from './facebookFakeAnswers';
import { type FacebookFakeState, type UserToken } from './facebookFakeState';

/** One request as the Graph API reads it: the version stripped from the path, query and body merged into params. */
export interface GraphRequest {
  readonly method: string;
  readonly path: string;
  readonly params: Record<string, unknown>;
  /** `Authorization: Bearer …` or the `access_token` parameter. */
  readonly token: string | null;
  readonly response: ServerResponse;
}

export type Checked<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: GraphFakeError };

const failed = (error: GraphFakeError) => ({ ok: false as const, error });

export function userOf(state: FacebookFakeState, request: GraphRequest): Checked<UserToken> {
  if (request.token === null)
    return failed({ status: 400, code: 2500, message: 'An active access token must be used to query information about the current user.' });
  const user = state.userTokens.get(request.token);
  if (!user) {
    return failed(state.pageTokens.has(request.token) ? permissionError('(#200) This endpoint requires a user access token') : INVALID_TOKEN);
  }
  return user.expired ? failed(EXPIRED_SESSION) : { ok: true, value: user };
}

/** A Page token of `pageId`, from a person who may create content on the Page and granted pages_manage_posts. */
export function pageAccess(state: FacebookFakeState, request: GraphRequest, pageId: string): Checked<string> {
  const page = request.token === null ? undefined : state.pageTokens.get(request.token);
  if (page === undefined) {
    if (request.token !== null && state.userTokens.has(request.token)) {
      return failed(
        permissionError(
          '(#200) If posting to a page, requires both pages_read_engagement and pages_manage_posts as an admin with sufficient administrative permission',
        ),
      );
    }
    return failed(INVALID_TOKEN);
  }
  if (page !== pageId) return failed(permissionError(`(#200) The Page token is for Page ${page}, not ${pageId}`));
  return { ok: true, value: page };
}

export function respondWith<T>(response: ServerResponse, checked: Checked<T>): checked is { ok: true; value: T } {
  if (!checked.ok) sendError(response, checked.error);
  return checked.ok;
}

export const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
