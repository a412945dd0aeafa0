import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { expect } from 'chai';
import { OPENAPI_DOCUMENT } from '../../../adapters/inbound/http/openApiDocument';
import { componentSchema } from '../../../adapters/inbound/mcp/schemas/apiDocument';
import { settingsDefaults, withSettingsDefaults } from '../../../adapters/inbound/mcp/schemas/settingsDefaults';
import { ALL_TOOLS } from '../../../adapters/inbound/mcp/tools/allTools';
import { PLATFORMS } from '../../../domain/platform/Platform';

type Json = Record<string, unknown>;
const tool = (name: string) => ALL_TOOLS.find((t) => t.name === name)!;
const OPERATIONS = Object.values(OPENAPI_DOCUMENT.paths as Record<string, Json>).flatMap((item) => Object.values(item) as Json[]);
const operation = (id: string) => OPERATIONS.find((o) => o.operationId === id)!;

/** Every `$ref` in a schema, wherever it is. */
const refsIn = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.flatMap(refsIn)
    : typeof value === 'object' && value !== null
      ? Object.entries(value).flatMap(([key, inner]) => (key === '$ref' ? [String(inner)] : refsIn(inner)))
      : [];

/** The MCP tools' shapes come from the API's OpenAPI document (docs/agents.md). */
describe('MCP tools: schemas and scopes derived from the OpenAPI document', () => {
  const ajv = new Ajv2020({ strict: false, allowUnionTypes: true });
  addFormats(ajv);

  it('every tool: a unique name, a closed object schema with no $ref left, compiling as JSON Schema 2020-12', () => {
    expect(new Set(ALL_TOOLS.map((t) => t.name)).size).to.equal(ALL_TOOLS.length);
    for (const t of ALL_TOOLS) {
      expect(t.inputSchema, t.name).to.include({ type: 'object', additionalProperties: false });
      expect(refsIn(t.inputSchema), t.name).to.deep.equal([]);
      expect(() => ajv.compile(t.inputSchema), t.name).to.not.throw();
    }
  });

  it("every tool needs its operation's scope, the one its security requirement names", () => {
    for (const t of ALL_TOOLS) {
      const id = /Calls ([\w.]+)/.exec(t.description)![1]!;
      const scopes = ((operation(id).security as Json[])[0]!.bearer as string[]) ?? [];
      expect(t.scope, t.name).to.equal(scopes[0] ?? null);
    }
    expect(Object.fromEntries(ALL_TOOLS.map((t) => [t.name, t.scope]))).to.deep.include({
      list_workspaces: null,
      create_post: 'posts:write',
      get_post: 'posts:read',
      review_post: 'reviews:write',
      import_media: 'media:write',
      get_post_metrics: 'stats:read',
    });
  });

  it("create_post takes PostRequest's properties and the workspace; only settings are relaxed", () => {
    const schema = tool('create_post').inputSchema;
    const request = componentSchema('PostRequest');
    expect(Object.keys(schema.properties)).to.deep.equal(['workspaceId', ...Object.keys(request.properties as Json), 'idempotencyKey']);
    expect(schema.required).to.deep.equal(request.required);
    const target = (schema.properties.targets as Json).items as Json;
    expect(target.required).to.deep.equal(['connectionId', 'groupId', 'scheduledAt']);
    expect(schema.properties.groups).to.deep.equal((request.properties as Json).groups);
  });

  it('a body the API takes is valid for create_post; the settings variants show their defaults', () => {
    const validate = ajv.compile(tool('create_post').inputSchema);
    const body = {
      groups: [{ id: 'g', isDefault: true, segments: [{ text: 'Hi', media: [] }] }],
      targets: [{ connectionId: 'c1', groupId: 'g', scheduledAt: null, settings: { platform: 'YOUTUBE', values: { privacy: 'PUBLIC', madeForKids: false } } }],
      intent: 'draft',
    };
    expect(validate(body), JSON.stringify(validate.errors)).to.equal(true);
    expect(validate({ ...body, workspaceId: 'ws', targets: [{ connectionId: 'c1', groupId: 'g', scheduledAt: null }] })).to.equal(true);
    expect(validate({ ...body, unknown: 1 })).to.equal(false);
    const variants = ((((tool('create_post').inputSchema.properties.targets as Json).items as Json).properties as Json).settings as Json).oneOf as Json[];
    const youtube = variants.find((v) => ((v.properties as Json).platform as Json).const === 'YOUTUBE')!;
    const values = (youtube.properties as Json).values as Json;
    expect(values.required).to.deep.equal([]);
    expect(((values.properties as Json).privacy as Json).default).to.equal('PRIVATE');
  });

  it('review_post merges the two review bodies: a decision of either kind, a comment', () => {
    const schema = tool('review_post').inputSchema;
    expect(schema.required).to.deep.equal(['postId', 'decision']);
    expect((schema.properties.decision as Json).enum).to.deep.equal(['approved', 'changes_requested']);
    expect(String((schema.properties.decision as Json).description)).to.include('changes_requested: Ask for changes');
  });

  it('list_posts takes limit and offset as integers; get_post_metrics takes history as a boolean', () => {
    expect(tool('list_posts').inputSchema.properties.limit).to.include({ type: 'integer' });
    expect(tool('get_post_metrics').inputSchema.properties.history).to.include({ type: 'boolean' });
    expect(tool('update_post').inputSchema.properties).to.have.property('ifMatch');
    expect(tool('update_post').inputSchema.required).to.include('postId');
  });
});

describe('MCP tools: settings defaults', () => {
  it("are each platform's required values' upcast defaults, the narrowest audience where it decides who sees the post", () => {
    expect(settingsDefaults('BLUESKY')).to.deep.equal({});
    expect(settingsDefaults('TWITTER')).to.deep.equal({ replyRestriction: 'everyone' });
    expect(settingsDefaults('FACEBOOK')).to.deep.equal({ privacy: 'ONLY_ME' });
    expect(settingsDefaults('TIKTOK')).to.include({ privacy: 'SELF_ONLY', allowComments: false });
    for (const platform of PLATFORMS) expect(settingsDefaults(platform), platform).to.be.an('object');
  });

  it('fill only what was left out, and leave anything the API must refuse as it is', () => {
    expect(withSettingsDefaults({ platform: 'YOUTUBE', values: { privacy: 'PUBLIC' } })).to.deep.equal({
      platform: 'YOUTUBE',
      values: { privacy: 'PUBLIC', madeForKids: false },
    });
    expect(withSettingsDefaults({ platform: 'LINKEDIN' })).to.deep.equal({ platform: 'LINKEDIN', values: { visibility: 'CONNECTIONS' } });
    expect(withSettingsDefaults({ platform: 'MYSPACE', values: {} })).to.deep.equal({ platform: 'MYSPACE', values: {} });
    expect(withSettingsDefaults({ platform: 'TWITTER', values: 'x' })).to.deep.equal({ platform: 'TWITTER', values: 'x' });
    expect(withSettingsDefaults(null)).to.equal(null);
  });
});
