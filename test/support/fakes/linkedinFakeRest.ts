import { type FakeCall } from './kit/fakeCall';
import { memberOf, notFoundAnswer, unprocessable } from './linkedinFakeAnswers';
import { type LinkedInFakeState } from './linkedinFakeState';

export type LinkedInCall = FakeCall<LinkedInFakeState>;

/** `GET /v2/userinfo` (OpenID Connect): the member. */
export function userinfo(call: LinkedInCall) {
  const token = memberOf(call);
  if (!token) return;
  const { name, picture } = call.state.member;
  const [given, family] = name.split(' ');
  call.answer(200, { sub: token.userId, name, given_name: given, family_name: family, picture });
}

/** `GET /rest/organizationAcls?q=roleAssignee`: the member's roles, `start` and `count` paging them (at most `aclPageSize`). */
export function organizationAcls(call: LinkedInCall) {
  const token = memberOf(call);
  if (!token) return;
  const query = call.url.searchParams;
  const start = Number(query.get('start') ?? 0);
  const count = Math.min(Number(query.get('count') ?? 10), call.state.aclPageSize);
  const all = call.state.organizations.map((org) => ({
    roleAssignee: `urn:li:person:${token.userId}`,
    state: 'APPROVED',
    role: org.role,
    organization: `urn:li:organization:${org.id}`,
  }));
  call.answer(200, { paging: { count, start, total: all.length }, elements: all.slice(start, start + count) });
}

/** `GET /rest/organizations/{id}`: its localized name. */
export function organization(call: LinkedInCall) {
  if (!memberOf(call)) return;
  const org = call.state.organizations.find((o) => call.url.pathname === `/rest/organizations/${o.id}`);
  if (!org) return call.send(notFoundAnswer('Organization not found'));
  call.answer(200, { id: Number(org.id), localizedName: org.name, vanityName: org.name.toLowerCase().replace(/\W+/g, '-') });
}

/** `POST /rest/images?action=initializeUpload`: an image URN and the URL its bytes go to. */
export function initializeImageUpload(call: LinkedInCall) {
  if (!memberOf(call)) return;
  const owner = (call.json()?.initializeUploadRequest as { owner?: unknown } | undefined)?.owner;
  if (typeof owner !== 'string' || !/^urn:li:(person|organization):/.test(owner)) {
    return call.send(unprocessable('/initializeUploadRequest/owner :: field is required'));
  }
  const n = call.state.next();
  const urn = `urn:li:image:C4E10AQ${n}`;
  call.state.images.set(urn, { urn, owner, bytes: null, contentType: null });
  call.state.uploadUrls.set(`/dms-uploads/${n}`, urn);
  call.answer(200, { value: { uploadUrlExpiresAt: call.state.now().getTime() + 3_600_000, uploadUrl: `${call.baseUrl}/dms-uploads/${n}`, image: urn } });
}

/** The image's bytes PUT to the URL `initializeUpload` gave (outside the REST API), with the member's token. */
export function uploadImage(call: LinkedInCall) {
  if (!memberOf(call)) return;
  const urn = call.state.uploadUrls.get(call.url.pathname);
  const image = urn ? call.state.images.get(urn) : undefined;
  if (!image) return call.send(notFoundAnswer('Upload URL not found'));
  image.bytes = call.request.body;
  image.contentType = String(call.request.headers['content-type'] ?? '') || null;
  call.send({ status: 201 });
}
