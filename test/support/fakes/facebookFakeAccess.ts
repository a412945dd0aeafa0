import { type FakeCall } from './kit/fakeCall';
import { EXPIRED_SESSION, INVALID_TOKEN, type MetaFakeError, metaError } from './kit/metaGraphAnswers';
import { type FacebookFakeState } from './facebookFakeState';

export type FacebookCall = FakeCall<FacebookFakeState>;

export const permissionError = (message: string): MetaFakeError => ({ status: 403, code: 200, message });

/** What the request sends: the JSON body (or a form) over the query, as the Graph API reads parameters. */
export function paramsOf(call: FacebookCall): Record<string, unknown> {
  const query: Record<string, unknown> = Object.fromEntries(call.url.searchParams);
  if (call.request.body.length === 0) return query;
  return { ...query, ...(call.json() ?? Object.fromEntries(call.form())) };
}

export const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

const tokenOf = (call: FacebookCall): string | null => call.bearer() ?? call.url.searchParams.get('access_token');

function refuse(call: FacebookCall, error: MetaFakeError): null {
  call.send(metaError(error));
  return null;
}

/** The person's live token (its scopes are what they granted), or Meta's error answered. */
export function userOf(call: FacebookCall): { token: string; scopes: readonly string[] } | null {
  const token = tokenOf(call);
  if (token === null)
    return refuse(call, { status: 400, code: 2500, message: 'An active access token must be used to query information about the current user.' });
  const known = call.state.accessTokens.get(token);
  if (!known) return refuse(call, INVALID_TOKEN);
  if (call.state.pageTokens.has(token)) return refuse(call, permissionError('(#200) This endpoint requires a user access token'));
  return known.expired ? refuse(call, EXPIRED_SESSION) : { token, scopes: known.scopes };
}

/** A live Page token of `pageId`, or Meta's error answered (a person's token where the Page's is needed is a permission error). */
export function pageAccess(call: FacebookCall, pageId: string): string | null {
  const token = tokenOf(call);
  const known = token === null ? undefined : call.state.accessTokens.get(token);
  if (token === null || known === undefined) return refuse(call, INVALID_TOKEN);
  if (known.expired) return refuse(call, EXPIRED_SESSION);
  const page = call.state.pageTokens.get(token);
  if (page === undefined) {
    return refuse(
      call,
      permissionError(
        '(#200) If posting to a page, requires both pages_read_engagement and pages_manage_posts as an admin with sufficient administrative permission',
      ),
    );
  }
  if (page !== pageId) return refuse(call, permissionError(`(#200) The Page token is for Page ${page}, not ${pageId}`));
  return page;
}

/** The path's node id after the version: `/v25.0/{id}/…`. */
export const nodeIdOf = (call: FacebookCall): string => call.request.path.split('/')[2] ?? '';

export const fieldsOf = (call: FacebookCall): string[] => (call.url.searchParams.get('fields') ?? '').split(',').filter((f) => f.length > 0);
