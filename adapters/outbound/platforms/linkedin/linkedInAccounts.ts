import { type AccountIdentity, type PublishAs, type PublishingAccount } from '../../../../application/ports/platforms/PlatformConnector';
import { type PublishOutcome } from '../../../../application/ports/PlatformPublisher';
import { bearer, okJson, urlOf } from '../kit/http';
import { failedCall, RETRY_SECONDS } from '../kit/outcomes';
import { authorUrnOf, callLinkedIn, callWithToken, LINKEDIN_ERRORS, type LinkedInSettings, personUrn, restHeaders } from './linkedInApi';

/**
 * The roles that may post organic content as an organization. DIRECT_SPONSORED_CONTENT_POSTER
 * is left out: LinkedIn documents it as reading and creating *direct sponsored content*, not
 * main-feed posts (docs/platforms.md, LinkedIn review finding 2).
 */
const POSTING_ROLES = new Set(['ADMINISTRATOR', 'CONTENT_ADMINISTRATOR']);

/** Organization roles per page of `organizationAcls`, and how many pages are read at most. */
const ACL_PAGE = 100;
const ACL_PAGES = 10;

interface AclPage {
  elements?: Array<{ organization?: unknown; role?: unknown; state?: unknown }>;
  paging?: { total?: unknown };
}

/** GET /v2/userinfo: `sub` is the member id (author `urn:li:person:{sub}`); LinkedIn shows no handle, so the name stands in. */
export async function memberIdentity(settings: LinkedInSettings, accessToken: string): Promise<AccountIdentity> {
  const answer = await callLinkedIn(settings, { method: 'GET', url: `${settings.apiBaseUrl}/v2/userinfo`, headers: bearer(accessToken) });
  const info = okJson(answer);
  if (typeof info?.sub !== 'string') {
    throw new Error(`LinkedIn did not say who the member is: ${answer.kind === 'answered' ? answer.status : answer.reason}`);
  }
  const name = typeof info.name === 'string' ? info.name : null;
  return { accountId: info.sub, handle: name ?? info.sub, displayName: name, avatarUrl: typeof info.picture === 'string' ? info.picture : null };
}

const organizationIdOf = (urn: unknown): string | null => (typeof urn === 'string' ? (/^urn:li:organization:(\d+)$/.exec(urn)?.[1] ?? null) : null);

/** The organizations the member may post as (an approved posting role), every page of them (review finding 5), with their names. */
export async function organizationsOf(settings: LinkedInSettings, accessToken: string): Promise<PublishAs[]> {
  const ids = new Set<string>();
  let start = 0;
  for (let page = 0; page < ACL_PAGES; page++) {
    const url = urlOf(settings.apiBaseUrl, '/rest/organizationAcls', { q: 'roleAssignee', state: 'APPROVED', start, count: ACL_PAGE });
    const answer = await callLinkedIn(settings, { method: 'GET', url, headers: restHeaders(settings, accessToken, false) });
    const body = okJson(answer) as AclPage | null;
    if (body === null) throw new Error(`LinkedIn did not list the member's organizations: ${answer.kind === 'answered' ? answer.status : answer.reason}`);
    const elements = body.elements ?? [];
    for (const acl of elements) {
      const id = organizationIdOf(acl.organization);
      if (id !== null && acl.state === 'APPROVED' && typeof acl.role === 'string' && POSTING_ROLES.has(acl.role)) ids.add(id);
    }
    // LinkedIn may give fewer than asked: the next page starts after what came.
    start += elements.length;
    if (elements.length === 0 || start >= (typeof body.paging?.total === 'number' ? body.paging.total : 0)) break;
  }
  const organizations: PublishAs[] = [];
  for (const id of ids) organizations.push({ id, kind: 'organization', name: await organizationName(settings, accessToken, id) });
  return organizations;
}

async function organizationName(settings: LinkedInSettings, accessToken: string, id: string): Promise<string> {
  const headers = restHeaders(settings, accessToken, false);
  const name = okJson(await callLinkedIn(settings, { method: 'GET', url: `${settings.apiBaseUrl}/rest/organizations/${id}`, headers }))?.localizedName;
  return typeof name === 'string' ? name : `Organization ${id}`;
}

export type Author = { readonly ok: true; readonly urn: string } | { readonly ok: false; readonly outcome: PublishOutcome };

/** The organization the owner picked or the connection's member; else the member the grant belongs to (GET /v2/userinfo). */
export async function authorOf(settings: LinkedInSettings, account: PublishingAccount | undefined, accessToken: string): Promise<Author> {
  const chosen = authorUrnOf(account);
  if (chosen !== null) return { ok: true, urn: chosen };
  const answer = await callWithToken(settings, { method: 'GET', url: `${settings.apiBaseUrl}/v2/userinfo`, headers: bearer(accessToken) });
  const info = okJson(answer);
  if (info === null) return { ok: false, outcome: failedCall(answer, 'preparing', LINKEDIN_ERRORS, settings.now()) };
  if (typeof info.sub !== 'string')
    return { ok: false, outcome: { kind: 'retryLater', afterSeconds: RETRY_SECONDS, reason: 'LinkedIn did not say who the member is' } };
  return { ok: true, urn: personUrn(info.sub) };
}
