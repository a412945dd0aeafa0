import { expect } from 'chai';
import { ACCEPTED_PLATFORM_NAMES, PLATFORMS } from '../../../domain/platform/Platform';
import { OPENAPI_DOCUMENT } from '../../../adapters/inbound/http/openApiDocument';
import { startAppWithOwner, type AppWithOwner } from '../../support/platformOverApi';

type Detail = { path: string; message: string };
const detailsOf = (body: { error: { details: Detail[] } }): Detail[] => body.error.details;

/**
 * A platform named freely in a request (docs/decisions.md, "What a newcomer tripped over"): any case, X for TWITTER, as
 * the CLI takes it; settings.platform keeps the exact id, and its refusal says which.
 */
describe('platform names: the API takes linkedin and X where the CLI does', function () {
  this.timeout(30_000);
  let o: AppWithOwner;

  before(async () => {
    o = await startAppWithOwner({
      BASE_URL: 'https://dispatch.example',
      LINKEDIN_CLIENT_ID: 'linkedin-app',
      LINKEDIN_CLIENT_SECRET: 'linkedin-secret',
      TWITTER_CLIENT_ID: 'twitter-app',
      TWITTER_CLIENT_SECRET: 'twitter-secret',
    });
  });
  after(async () => o?.t.close());

  const authorize = (platform: unknown) => o.http.post(`/v1/workspaces/${o.ws}/connections/authorize`).set(o.auth).send({ platform });

  it('connections.authorize takes linkedin, LinkedIn, X and x, each as the platform it names', async () => {
    for (const [name, redirect] of [
      ['linkedin', 'https://dispatch.example/connect/linkedin/callback'],
      ['LinkedIn', 'https://dispatch.example/connect/linkedin/callback'],
      ['X', 'https://dispatch.example/connect/twitter/callback'],
      ['x', 'https://dispatch.example/connect/twitter/callback'],
      ['twitter', 'https://dispatch.example/connect/twitter/callback'],
    ] as const) {
      const res = await authorize(name);
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).to.equal(200);
      expect(new URL(res.body.authorizationUrl).searchParams.get('redirect_uri'), name).to.equal(redirect);
    }
  });

  it('connections.authorize refuses a name of no platform, naming the accepted ones and the alias', async () => {
    for (const name of ['myspace', 'twitter x', 42]) {
      const res = await authorize(name);
      expect(res.status, String(name)).to.equal(422);
      expect(detailsOf(res.body), String(name)).to.deep.equal([{ path: 'platform', message: `must be one of ${ACCEPTED_PLATFORM_NAMES}` }]);
    }
    expect(ACCEPTED_PLATFORM_NAMES).to.include('TWITTER (or X)').and.to.include('in any case');
  });

  it('connections.create takes bluesky in any case (the app password is what is refused next), and no other platform', async () => {
    const connect = (platform: string) =>
      o.http.post(`/v1/workspaces/${o.ws}/connections`).set(o.auth).send({ platform, handle: 'me.test', appPassword: 'xxxx', service: 'http://127.0.0.1:9' });
    const lower = await connect('bluesky');
    expect(
      detailsOf(lower.body).map((d) => d.path),
      JSON.stringify(lower.body),
    ).to.not.include('platform');
    const other = await connect('LinkedIn');
    expect(other.status).to.equal(422);
    expect(detailsOf(other.body)).to.deep.equal([
      { path: 'platform', message: 'must be BLUESKY (in any case): other platforms connect through POST …/connections/authorize' },
    ]);
  });

  it('settings.platform stays exact: "twitter" is refused, saying TWITTER and every accepted value', async () => {
    const connectionId = await o.t.given.connection(o.ws, 'TWITTER', 'me', true);
    const res = await o.http
      .post(`/v1/workspaces/${o.ws}/posts`)
      .set(o.auth)
      .send({
        groups: [{ id: 'main', isDefault: true, segments: [{ text: 'Hello', media: [] }] }],
        targets: [{ connectionId, groupId: 'main', scheduledAt: null, settings: { platform: 'twitter', values: { replyRestriction: 'everyone' } } }],
      });
    expect(res.status).to.equal(422);
    expect(detailsOf(res.body)).to.deep.include({
      path: 'targets[0].settings.platform',
      message: `must be one of ${PLATFORMS.join(', ')}, written exactly so: TWITTER for "twitter"`,
    });
  });

  it('the OpenAPI document says so: PlatformName (any case, X) where a request names a platform, Platform in settings', () => {
    const schemas = OPENAPI_DOCUMENT.components.schemas as Record<string, { description?: string; pattern?: string; properties?: Record<string, unknown> }>;
    const pattern = new RegExp(schemas.PlatformName!.pattern!);
    for (const name of ['LINKEDIN', 'linkedin', 'LinkedIn', 'X', 'x', 'youtube']) expect(pattern.test(name), name).to.equal(true);
    for (const name of ['myspace', '', 'xx', 'TWITTER ']) expect(pattern.test(name), name).to.equal(false);
    expect(schemas.PlatformName!.description).to.include('TWITTER (or X)');
    expect(schemas.AuthorizeConnectionRequest!.properties!.platform).to.deep.equal({ $ref: '#/components/schemas/PlatformName' });
    const list = (
      OPENAPI_DOCUMENT.paths as Record<string, Record<string, { parameters?: { name?: string; schema?: { pattern?: string }; description?: string }[] }>>
    )['/v1/workspaces/{workspaceId}/posts']!.get!;
    const platform = list.parameters!.find((p) => p.name === 'platform')!;
    expect(new RegExp(platform.schema!.pattern!).test('x')).to.equal(true);
    expect(platform.description).to.include('TWITTER (or X)');
  });
});

describe('a platform that is not configured: the refusal names its settings and the callback URL to register', function () {
  this.timeout(30_000);
  let o: AppWithOwner;

  before(async () => {
    o = await startAppWithOwner({ BASE_URL: 'https://dispatch.example' });
  });
  after(async () => o?.t.close());

  it('connections.authorize: 422 platform_not_configured saying which variables to set and which URL to register', async () => {
    const cases: [string, string][] = [
      [
        'x',
        'TWITTER is not configured on this service; to configure it, set TWITTER_CLIENT_ID and TWITTER_CLIENT_SECRET, register https://dispatch.example/connect/twitter/callback as the app\'s redirect URL, and restart the service (README, "Connecting accounts")',
      ],
      [
        'tiktok',
        'TIKTOK is not configured on this service; to configure it, set TIKTOK_CLIENT_KEY and TIKTOK_CLIENT_SECRET, register https://dispatch.example/connect/tiktok/callback as the app\'s redirect URL, and restart the service (README, "Connecting accounts")',
      ],
      [
        'FARCASTER',
        'FARCASTER is not configured on this service; to configure it, set NEYNAR_API_KEY, FARCASTER_APP_FID and FARCASTER_APP_MNEMONIC, and restart the service (README, "Connecting accounts")',
      ],
    ];
    for (const [platform, message] of cases) {
      const res = await o.http.post(`/v1/workspaces/${o.ws}/connections/authorize`).set(o.auth).send({ platform });
      expect(res.status, platform).to.equal(422);
      expect(res.body.error.code).to.equal('platform_not_configured');
      expect(detailsOf(res.body)).to.deep.equal([{ path: 'platform', message }]);
    }
  });
});
