import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { expect } from 'chai';
import { JSON_HEADERS } from '../../../adapters/inbound/http/chains/responseHeaders';
import { OPENAPI_DOCUMENT } from '../../../adapters/inbound/http/openApiDocument';
import { SETTINGS } from '../../support/data/settings';
import { assertMatchesOpenApi } from '../../support/openapi';

type Json = Record<string, unknown>;

const WORKSPACE = 'ws_01';
const POSTS = `/v1/workspaces/${WORKSPACE}/posts`;
const HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'x-request-id': 'req-1',
  'ratelimit-limit': '600',
  'ratelimit-remaining': '599',
  'ratelimit-reset': '60',
  'cache-control': 'no-store',
  ...JSON_HEADERS,
};

const tiktokValues = (): Json => ({ ...SETTINGS.TIKTOK.values });

const target = (overrides: Json = {}): Json => ({
  id: 'tgt_01',
  connectionId: 'conn_01',
  groupId: 'grp_default',
  settings: { platform: 'TIKTOK', values: tiktokValues() },
  scheduledAt: '2030-01-31T09:30:00.000Z',
  status: 'pending',
  platformPostId: null,
  platformPostUrl: null,
  postedAt: null,
  error: null,
  attempts: 0,
  ...overrides,
});

/** A Post as presenters/presentPost.ts renders it. */
const post = (overrides: Json = {}): Json => ({
  id: 'post_01',
  workspaceId: WORKSPACE,
  status: 'scheduled',
  groups: [
    {
      id: 'grp_default',
      isDefault: true,
      segments: [
        {
          text: 'Launch day',
          media: [{ id: 'med_01', altText: 'A rocket', thumbnailMediaId: null, thumbnailTimestamp: 1.5 }],
          delayMinutes: null,
        },
        { text: 'More in the thread', media: [], delayMinutes: 'Infinity' },
      ],
    },
  ],
  targets: [
    target(),
    target({
      id: 'tgt_02',
      connectionId: 'conn_02',
      settings: { platform: 'BLUESKY', values: {} },
      status: 'published',
      platformPostId: 'at://did:plc:x/app.bsky.feed.post/1',
      platformPostUrl: 'https://bsky.app/profile/x/post/1',
      postedAt: '2030-01-31T09:30:01.000Z',
      attempts: 1,
    }),
    target({
      id: 'tgt_03',
      connectionId: 'conn_03',
      settings: { platform: 'YOUTUBE', values: { privacy: 'UNLISTED', madeForKids: false, ageRestriction: null } },
    }),
  ],
  source: 'api',
  externalSubmissionId: null,
  createdAt: '2025-01-31T09:30:00.000Z',
  updatedAt: '2025-01-31T09:31:00.000Z',
  ...overrides,
});

const postWithTargetSettings = (settings: Json): Json => post({ targets: [target({ settings })] });

describe('OpenAPI: posts schemas', () => {
  it('describes every posts operation with its method, path and scope', () => {
    const paths = OPENAPI_DOCUMENT.paths as unknown as Record<string, Record<string, Json>>;
    const described = Object.entries(paths).flatMap(([template, item]) =>
      Object.entries(item).map(([method, op]) => `${method.toUpperCase()} ${template} ${String(op.operationId)} ${JSON.stringify(op.security)}`),
    );
    const scoped = (scope: string) => JSON.stringify([{ bearer: [scope] }]);
    expect(described).to.include.members([
      `GET ${'/v1/workspaces/{workspaceId}/posts'} posts.list ${scoped('posts:read')}`,
      `POST /v1/workspaces/{workspaceId}/posts posts.create ${scoped('posts:write')}`,
      `POST /v1/workspaces/{workspaceId}/posts/bulk posts.bulkCreate ${scoped('posts:write')}`,
      `GET /v1/workspaces/{workspaceId}/posts/{id} posts.get ${scoped('posts:read')}`,
      `PATCH /v1/workspaces/{workspaceId}/posts/{id} posts.update ${scoped('posts:write')}`,
      `DELETE /v1/workspaces/{workspaceId}/posts/{id} posts.remove ${scoped('posts:write')}`,
      `POST /v1/workspaces/{workspaceId}/posts/{id}/publish posts.publishNow ${scoped('posts:write')}`,
      `GET /v1/workspaces/{workspaceId}/posts/{id}/targets posts.targets ${scoped('posts:read')}`,
      `PATCH /v1/workspaces/{workspaceId}/posts/{id}/targets/{targetId} posts.updateTarget ${scoped('posts:write')}`,
      `POST /v1/workspaces/{workspaceId}/posts/{id}/targets/{targetId}/retry posts.retryTarget ${scoped('posts:write')}`,
      `GET /v1/workspaces/{workspaceId}/posts/{id}/targets/{targetId}/attempts posts.targetAttempts ${scoped('posts:read')}`,
      `GET /v1/workspaces/{workspaceId}/posts/{id}/reviews posts.reviews ${scoped('reviews:read')}`,
      `POST /v1/workspaces/{workspaceId}/posts/{id}/reviews posts.review ${scoped('reviews:write')}`,
    ]);
    for (const [template, item] of Object.entries(paths).filter(([template]) => template.includes('/posts'))) {
      for (const [method, op] of Object.entries(item)) {
        const statuses = Object.keys(op.responses as Json);
        expect(statuses, `${method} ${template}`).to.include.members(['401', '402', '403', '404', '409', '422', '429']);
        const names = ((op.parameters ?? []) as Json[]).map((p) => p.name);
        expect(names.includes('Idempotency-Key'), `${method} ${template}: Idempotency-Key`).to.equal(method !== 'get');
      }
    }
  });

  it('accepts a realistic Post from posts.get, with a non-finite number as its string', () => {
    expect(() => assertMatchesOpenApi('GET', `${POSTS}/post_01`, 200, HEADERS, post())).to.not.throw();
  });

  it('accepts a replayed posts.create answer (Idempotent-Replayed: true)', () => {
    expect(() => assertMatchesOpenApi('POST', POSTS, 200, { ...HEADERS, 'idempotent-replayed': 'true' }, post())).to.not.throw();
    expect(() => assertMatchesOpenApi('POST', POSTS, 200, { ...HEADERS, 'idempotent-replayed': 'yes' }, post())).to.throw(/Idempotent-Replayed/);
  });

  it('refuses a Post with a property docs/spec.md does not list (the reviews live at their own endpoint)', () => {
    expect(() => assertMatchesOpenApi('GET', `${POSTS}/post_01`, 200, HEADERS, post({ reviews: [] }))).to.throw(
      /must NOT have additional properties \("reviews"\)/,
    );
  });

  it('refuses a Post missing a required field, or with a status outside the enum', () => {
    const { externalSubmissionId: _omitted, ...withoutExternalId } = post();
    expect(() => assertMatchesOpenApi('GET', `${POSTS}/post_01`, 200, HEADERS, withoutExternalId)).to.throw(/required property 'externalSubmissionId'/);
    expect(() => assertMatchesOpenApi('GET', `${POSTS}/post_01`, 200, HEADERS, post({ status: 'archived' }))).to.throw(
      /must be equal to one of the allowed values/,
    );
  });

  it('refuses TikTok settings missing allowDuet', () => {
    const { allowDuet: _omitted, ...values } = tiktokValues();
    expect(() => assertMatchesOpenApi('GET', `${POSTS}/post_01`, 200, HEADERS, postWithTargetSettings({ platform: 'TIKTOK', values }))).to.throw(
      /must match exactly one schema in oneOf/,
    );
  });

  it('refuses settings whose values belong to another platform, or carry an unknown key', () => {
    expect(() =>
      assertMatchesOpenApi('GET', `${POSTS}/post_01`, 200, HEADERS, postWithTargetSettings({ platform: 'TWITTER', values: tiktokValues() })),
    ).to.throw(/oneOf/);
    expect(() =>
      assertMatchesOpenApi(
        'GET',
        `${POSTS}/post_01`,
        200,
        HEADERS,
        postWithTargetSettings({ platform: 'BLUESKY', values: { replyDisabled: true, pinned: true } }),
      ),
    ).to.throw(/oneOf/);
    expect(() =>
      assertMatchesOpenApi('GET', `${POSTS}/post_01`, 200, HEADERS, postWithTargetSettings({ platform: 'FACEBOOK', values: { privacy: 'EVERYONE' } })),
    ).to.throw(/oneOf/);
  });

  it('accepts a bulk result mixing a success and a failure item', () => {
    const results = [
      { index: 0, ok: true, post: post() },
      { index: 1, ok: false, error: { code: 'invalid_post', message: 'settings.values.allowDuet: is required' } },
    ];
    expect(() => assertMatchesOpenApi('POST', `${POSTS}/bulk`, 200, HEADERS, results)).to.not.throw();
  });

  it('refuses a bulk item that mixes the variants', () => {
    const mixed = [{ index: 0, ok: true, error: { code: 'invalid_body', message: 'bad' } }];
    expect(() => assertMatchesOpenApi('POST', `${POSTS}/bulk`, 200, HEADERS, mixed)).to.throw(/oneOf/);
  });

  it('accepts the list, targets, delete and review answers', () => {
    expect(() => assertMatchesOpenApi('GET', `${POSTS}?status=draft`, 200, HEADERS, { data: [post()], total: 1, limit: 20, offset: 0 })).to.not.throw();
    expect(() => assertMatchesOpenApi('GET', `${POSTS}/post_01/targets`, 200, HEADERS, [target()])).to.not.throw();
    expect(() => assertMatchesOpenApi('POST', `${POSTS}/post_01/targets/tgt_01/retry`, 200, HEADERS, target())).to.not.throw();
    expect(() => assertMatchesOpenApi('DELETE', `${POSTS}/post_01`, 200, HEADERS, { deleted: true })).to.not.throw();
    const review = { id: 'rev_01', decision: 'changes_requested', comment: 'Shorter, please', reviewerUserId: 'usr_02', createdAt: '2025-01-31T10:00:00.000Z' };
    expect(() => assertMatchesOpenApi('GET', `${POSTS}/post_01/reviews`, 200, HEADERS, { data: [review] })).to.not.throw();
    expect(() =>
      assertMatchesOpenApi('POST', `${POSTS}/post_01/reviews`, 201, HEADERS, { review, post: post({ status: 'changes_requested' }) }),
    ).to.not.throw();
  });

  it('closes the request target item: service-set fields such as id and status are refused', () => {
    const requestTarget = (OPENAPI_DOCUMENT.components.schemas as Json).PostTargetRequest as Json;
    expect(requestTarget.additionalProperties).to.equal(false);
    expect(Object.keys(requestTarget.properties as Json)).to.have.members(['connectionId', 'groupId', 'settings', 'scheduledAt', 'queue']);
    expect(requestTarget.required).to.have.members(['connectionId', 'groupId', 'settings', 'scheduledAt']);
  });
});

describe('OpenAPI: posts request schemas', () => {
  const schemas = JSON.parse(JSON.stringify(OPENAPI_DOCUMENT.components.schemas).replace(/"#\/components\/schemas\//g, '"#/$defs/')) as Json;
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true });
  addFormats(ajv);
  ajv.addSchema({ $id: 'urn:dispatch:post-requests', $defs: schemas });
  const valid = (name: string, body: unknown): boolean => ajv.validate({ $ref: `urn:dispatch:post-requests#/$defs/${name}` }, body) as boolean;

  const createBody = (targetOverrides: Json = {}): Json => ({
    groups: [{ id: 'g1', isDefault: true, segments: [{ text: 'Hello', media: [{ id: 'm1', thumbnailTimestamp: 'NaN' }], delayMinutes: 0 }] }],
    targets: [
      {
        connectionId: 'c1',
        groupId: 'g1',
        settings: { platform: 'TIKTOK', values: tiktokValues() },
        scheduledAt: '2030-01-31T10:30:00+01:00',
        ...targetOverrides,
      },
    ],
    intent: 'schedule',
    source: null,
  });

  it('accepts a create body, special number strings included', () => {
    expect(valid('PostRequest', createBody())).to.equal(true);
    expect(valid('BulkCreateRequest', [createBody(), createBody()])).to.equal(true);
  });

  it('refuses service-set target fields, unknown properties and a missing scheduledAt', () => {
    expect(valid('PostRequest', createBody({ id: 't1' }))).to.equal(false);
    expect(valid('PostRequest', createBody({ status: 'pending' }))).to.equal(false);
    expect(valid('PostRequest', { ...createBody(), reviews: [] })).to.equal(false);
    const { scheduledAt: _omitted, ...withoutTime } = (createBody().targets as Json[])[0]!;
    expect(valid('PostRequest', { ...createBody(), targets: [withoutTime] })).to.equal(false);
    expect(valid('PostRequest', { ...createBody(), intent: 'later' })).to.equal(false);
    expect(valid('BulkCreateRequest', [])).to.equal(false);
  });

  it('takes a review decision: a comment is required, not blank, when asking for changes', () => {
    expect(valid('ReviewRequest', { decision: 'approved' })).to.equal(true);
    expect(valid('ReviewRequest', { decision: 'approved', comment: null })).to.equal(true);
    expect(valid('ReviewRequest', { decision: 'changes_requested', comment: 'Shorter' })).to.equal(true);
    expect(valid('ReviewRequest', { decision: 'changes_requested' })).to.equal(false);
    expect(valid('ReviewRequest', { decision: 'changes_requested', comment: '   ' })).to.equal(false);
    expect(valid('ReviewRequest', { decision: 'rejected', comment: 'no' })).to.equal(false);
  });

  it('takes a partial target update, null keeping a value', () => {
    expect(valid('TargetUpdateRequest', {})).to.equal(true);
    expect(valid('TargetUpdateRequest', { groupId: null, settings: null, scheduledAt: null })).to.equal(true);
    expect(valid('TargetUpdateRequest', { settings: { platform: 'LINKEDIN', values: { visibility: 'CONNECTIONS' } } })).to.equal(true);
    expect(valid('TargetUpdateRequest', { attempts: 0 })).to.equal(false);
  });
});
