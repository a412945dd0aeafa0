import { type PublishAs } from '../../../../application/ports/platforms/PlatformConnector';
import { callLinkedIn, parseJson, restHeaders } from './LinkedInHttp';
import { type LinkedInSettings } from './LinkedInOptions';
import { organizationIdOf } from './linkedInUrns';

/** The roles that may post as an organization. */
const POSTING_ROLES = new Set(['ADMINISTRATOR', 'CONTENT_ADMINISTRATOR', 'DIRECT_SPONSORED_CONTENT_POSTER']);

interface AclElement {
  organization?: unknown;
  role?: unknown;
  state?: unknown;
}

/** The organizations the member may post as (approved role), with their names. */
export async function organizationsOf(settings: LinkedInSettings, accessToken: string): Promise<PublishAs[]> {
  const headers = restHeaders(settings, accessToken, false);
  const url = `${settings.apiBaseUrl}/rest/organizationAcls?q=roleAssignee&state=APPROVED`;
  const answer = await callLinkedIn(settings, { method: 'GET', url, headers });
  if (answer.kind !== 'answered' || answer.status !== 200) {
    throw new Error(`LinkedIn did not list the member's organizations: ${answer.kind === 'answered' ? answer.status : answer.reason}`);
  }
  const elements = ((parseJson(answer.text) as { elements?: AclElement[] } | null)?.elements ?? []).filter(
    (acl) => acl.state === 'APPROVED' && typeof acl.role === 'string' && POSTING_ROLES.has(acl.role),
  );
  const ids = [...new Set(elements.map((acl) => (typeof acl.organization === 'string' ? organizationIdOf(acl.organization) : null)))];
  const organizations: PublishAs[] = [];
  for (const id of ids) {
    if (id !== null) organizations.push({ id, kind: 'organization', name: await organizationName(settings, accessToken, id) });
  }
  return organizations;
}

async function organizationName(settings: LinkedInSettings, accessToken: string, id: string): Promise<string> {
  const headers = restHeaders(settings, accessToken, false);
  const answer = await callLinkedIn(settings, { method: 'GET', url: `${settings.apiBaseUrl}/rest/organizations/${id}`, headers });
  if (answer.kind !== 'answered' || answer.status !== 200) return `Organization ${id}`;
  const name = (parseJson(answer.text) as { localizedName?: unknown } | null)?.localizedName;
  return typeof name === 'string' ? name : `Organization ${id}`;
}
