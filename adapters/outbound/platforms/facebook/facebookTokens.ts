import { type GrantResult } from '../../../../application/ports/platforms/GrantFailure';
import { type GrantRenewed, type PublishAs, type TokenUpkeep } from '../../../../application/ports/platforms/PlatformConnector';
import { type OAuth2Grant, type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { type PublishOutcome } from '../../../../application/ports/PlatformPublisher';
import { okJson } from '../kit/http';
import { failedCall } from '../kit/outcomes';
import { asOAuth2, FACEBOOK_ERRORS, type FacebookSettings, graphDelete, graphGet } from './facebookApi';

/**
 * A Page connection's grant once it has published (docs/platforms.md, Facebook review 2): the
 * Page token as the access token, with no expiry (one asked for with a long-lived user token
 * does not expire, https://developers.facebook.com/docs/facebook-login/guides/access-tokens/get-long-lived),
 * and the person's long-lived token, which can ask for it again, in the refresh token's place.
 * Facebook itself issues no refresh token, so a grant that holds one is such a grant.
 */
const isPageGrant = (grant: OAuth2Grant): boolean => grant.refreshToken !== null;

/** The person's long-lived user token, whichever grant holds it. */
export const personToken = (grant: OAuth2Grant): string => grant.refreshToken ?? grant.accessToken;

/** A Page task that lets its holder publish as the Page. */
const PUBLISHING_TASKS = ['CREATE_CONTENT', 'MANAGE'];
const MAX_LIST_PAGES = 10;

interface AccountsPage {
  data?: Array<{ id?: unknown; name?: unknown; tasks?: unknown }>;
  paging?: { cursors?: { after?: unknown }; next?: unknown };
}

/** The Pages the person may publish to, from `GET /me/accounts` (followed through its cursors). */
export async function pagesOf(settings: FacebookSettings, userToken: string): Promise<PublishAs[]> {
  const pages: PublishAs[] = [];
  let after: string | null = null;
  for (let listed = 0; listed < MAX_LIST_PAGES; listed += 1) {
    const query = { fields: 'id,name,tasks', limit: 100, ...(after ? { after } : {}) };
    const answer = await graphGet(settings, '/me/accounts', userToken, query);
    const body = okJson(answer) as AccountsPage | null;
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
 * The token that acts as the Page: the one the grant keeps, or one asked for with the person's
 * token (`GET /{page-id}?fields=access_token`), then kept with the connection (`renewed`) so
 * that it outlives the person's token. A Page role the person lost shows at once.
 */
export async function pageToken(settings: FacebookSettings, grant: PlatformGrant, pageId: string, renewed?: GrantRenewed): Promise<PageToken> {
  const oauth = asOAuth2(grant);
  if (isPageGrant(oauth)) return { ok: true, token: oauth.accessToken };
  const answer = await graphGet(settings, `/${encodeURIComponent(pageId)}`, oauth.accessToken, { fields: 'access_token' });
  const body = okJson(answer);
  if (body === null) return { ok: false, outcome: failedCall(answer, 'preparing', FACEBOOK_ERRORS, settings.now()) };
  if (typeof body.access_token !== 'string') {
    return { ok: false, outcome: { kind: 'needsReconnect', reason: `Facebook gave no Page token for Page ${pageId}: the person may no longer manage it` } };
  }
  const pageGrant = {
    ...oauth,
    accessToken: body.access_token,
    accessExpiresAt: null,
    refreshToken: oauth.accessToken,
    refreshExpiresAt: oauth.accessExpiresAt,
  };
  await renewed?.(pageGrant);
  return { ok: true, token: body.access_token };
}

const RECONNECT =
  'Facebook refused this connection (a token expired or invalidated, or a permission not granted) and renews no token: connect the account again, allowing what Dispatch asks for';

/**
 * Facebook issues no refresh token and documents no renewal of a long-lived user token (the
 * exchange is for short-lived ones: docs/platforms.md, Facebook review 2), so nothing is
 * renewed ahead of time. A Page token Facebook refused is given up for the person's token, which
 * asks for a new one on the next call; a person's token that expired or was refused means
 * connecting again.
 */
export class FacebookTokens implements TokenUpkeep {
  constructor(private readonly settings: FacebookSettings) {}

  needsRefresh(_grant: PlatformGrant, _now: Date): boolean {
    return false;
  }

  async refresh(grant: PlatformGrant): Promise<GrantResult<PlatformGrant>> {
    const oauth = asOAuth2(grant);
    const personExpiresAt = isPageGrant(oauth) ? oauth.refreshExpiresAt : oauth.accessExpiresAt;
    if (!isPageGrant(oauth) || (personExpiresAt !== null && personExpiresAt.getTime() <= this.settings.now().getTime())) {
      return { ok: false, failure: { kind: 'reconnect', reason: RECONNECT } };
    }
    const person = { ...oauth, accessToken: personToken(oauth), accessExpiresAt: personExpiresAt, refreshToken: null, refreshExpiresAt: null };
    return { ok: true, grant: person };
  }

  /** `DELETE /me/permissions` with the person's token: the app is removed from the person's account (best effort). */
  async revoke(grant: PlatformGrant): Promise<void> {
    await graphDelete(this.settings, '/me/permissions', personToken(asOAuth2(grant)));
  }
}
