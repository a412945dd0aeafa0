import { type IncomingMessage, type ServerResponse } from 'node:http';
import { INVALID_TOKEN, EXPIRED, sendError, sendJson } from './linkedinFakeAnswers';
import { type FakeToken, type LinkedInFakeState } from './linkedinFakeState';
import { checkComment, checkPost } from './linkedinFakeRules';

export type FakeRequest = { readonly message: IncomingMessage; readonly url: URL; readonly body: Buffer; readonly base: string };

const badRequest = (response: ServerResponse, code: string, message: string) => sendError(response, { status: 400, code, message });

/** The member's token from `Authorization: Bearer`, answering 401 itself when it is not good. */
export function bearer(state: LinkedInFakeState, message: IncomingMessage, response: ServerResponse): FakeToken | null {
  const token = /^Bearer (.+)$/.exec(message.headers.authorization ?? '')?.[1];
  const known = token ? state.accessTokens.get(token) : undefined;
  if (!known) sendError(response, INVALID_TOKEN);
  else if (known.expired) sendError(response, EXPIRED);
  return known && !known.expired ? known : null;
}

/** The versioned REST APIs need `LinkedIn-Version: YYYYMM` and Rest.li protocol 2.0.0. */
export function restHeadersOk(message: IncomingMessage, response: ServerResponse, json: boolean): boolean {
  if (!/^\d{6}$/.test(String(message.headers['linkedin-version'] ?? ''))) {
    badRequest(response, 'VERSION_MISSING', 'A version must be present. Please specify a version by adding the LinkedIn-Version header.');
    return false;
  }
  if (message.headers['x-restli-protocol-version'] !== '2.0.0') {
    badRequest(response, 'INVALID_PROTOCOL_VERSION', 'X-Restli-Protocol-Version must be 2.0.0');
    return false;
  }
  if (json && !String(message.headers['content-type'] ?? '').startsWith('application/json')) {
    badRequest(response, 'UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json');
    return false;
  }
  return true;
}

export function json(body: Buffer): Record<string, unknown> | null {
  try {
    const parsed = JSON.parse(body.toString('utf8'));
    return parsed && typeof parsed === 'object' ? parsed : null;
  } catch {
    return null;
  }
}

export function userinfo(state: LinkedInFakeState, { message }: FakeRequest, response: ServerResponse) {
  const token = bearer(state, message, response);
  if (!token) return;
  const [given, family] = state.member.name.split(' ');
  sendJson(response, 200, { sub: token.memberId, name: state.member.name, given_name: given, family_name: family, picture: state.member.picture });
}

export function organizationAcls(state: LinkedInFakeState, { message, url }: FakeRequest, response: ServerResponse) {
  const token = bearer(state, message, response);
  if (!token || !restHeadersOk(message, response, false)) return;
  if (url.searchParams.get('q') !== 'roleAssignee') return badRequest(response, 'QUERY_PARAM_NOT_ALLOWED', 'q must be roleAssignee');
  if (!token.scopes.some((s) => s === 'rw_organization_admin' || s === 'r_organization_admin')) {
    return sendError(response, { status: 403, serviceErrorCode: 100, code: 'ACCESS_DENIED', message: 'Not enough permissions to access: organizationAcls' });
  }
  const elements = state.organizations.map((org) => ({
    roleAssignee: `urn:li:person:${token.memberId}`,
    state: 'APPROVED',
    role: org.role,
    organization: `urn:li:organization:${org.id}`,
  }));
  sendJson(response, 200, { paging: { count: 10, start: 0, total: elements.length }, elements });
}

export function organization(state: LinkedInFakeState, { message, url }: FakeRequest, response: ServerResponse) {
  if (!bearer(state, message, response) || !restHeadersOk(message, response, false)) return;
  const org = state.organizations.find((o) => url.pathname === `/rest/organizations/${o.id}`);
  if (!org) return sendError(response, { status: 404, code: 'NOT_FOUND', message: 'Organization not found' });
  sendJson(response, 200, { id: Number(org.id), localizedName: org.name, vanityName: org.name.toLowerCase().replace(/\W+/g, '-') });
}

export function initializeImageUpload(state: LinkedInFakeState, { message, url, body, base }: FakeRequest, response: ServerResponse) {
  if (!bearer(state, message, response) || !restHeadersOk(message, response, true)) return;
  if (url.searchParams.get('action') !== 'initializeUpload') return badRequest(response, 'ILLEGAL_ARGUMENT', 'action must be initializeUpload');
  const owner = (json(body)?.initializeUploadRequest as { owner?: unknown } | undefined)?.owner;
  if (typeof owner !== 'string' || !/^urn:li:(person|organization):/.test(owner)) {
    return sendError(response, { status: 422, code: 'UNPROCESSABLE_ENTITY', message: '/initializeUploadRequest/owner :: field is required' });
  }
  const n = state.next();
  const urn = `urn:li:image:C4E10AQ${n}`;
  const uploadUrl = `${base}/dms-uploads/${n}`;
  state.images.set(urn, { urn, owner, bytes: null, contentType: null });
  state.uploadUrls.set(`/dms-uploads/${n}`, urn);
  sendJson(response, 200, { value: { uploadUrlExpiresAt: Date.now() + 3_600_000, uploadUrl, image: urn } });
}

export function uploadImage(state: LinkedInFakeState, { message, url, body }: FakeRequest, response: ServerResponse) {
  if (!bearer(state, message, response)) return;
  const urn = state.uploadUrls.get(url.pathname);
  const image = urn ? state.images.get(urn) : undefined;
  if (!image) return sendError(response, { status: 404, code: 'NOT_FOUND', message: 'Upload URL not found' });
  image.bytes = body;
  image.contentType = message.headers['content-type'] ?? null;
  response.writeHead(201).end();
}

export function createPost(state: LinkedInFakeState, { message, body }: FakeRequest, response: ServerResponse) {
  const token = bearer(state, message, response);
  if (!token || !restHeadersOk(message, response, true)) return;
  const post = json(body);
  const problem = checkPost(state, token, post);
  if (problem) return sendError(response, problem);
  const urn = `urn:li:share:${7_100_000_000 + state.next()}`;
  state.posts.push({ urn, body: post as Record<string, unknown> });
  response.writeHead(201, { 'x-restli-id': urn }).end();
}

export function createComment(state: LinkedInFakeState, { message, url, body }: FakeRequest, response: ServerResponse) {
  const token = bearer(state, message, response);
  if (!token || !restHeadersOk(message, response, true)) return;
  const postUrn = decodeURIComponent(/^\/rest\/socialActions\/([^/]+)\/comments$/.exec(url.pathname)?.[1] ?? '');
  const comment = json(body);
  const problem = checkComment(state, token, postUrn, comment);
  if (problem) return sendError(response, problem);
  const id = String(6_900_000_000 + state.next());
  state.comments.push({ id, postUrn, body: comment as Record<string, unknown> });
  sendJson(response, 201, { ...comment, id, commentUrn: `urn:li:comment:(${postUrn},${id})` });
}
