import { expect } from 'chai';
import { OPENAPI_DOCUMENT } from '../../../../adapters/inbound/http/openApiDocument';
import { settingsSchemaName } from '../../../../adapters/inbound/http/openapi/schemas/postSettings';
import { PLATFORMS, PLATFORM_DESCRIPTORS, capabilitiesOf, descriptorOf, isPlatform } from '../../../../domain/platform/Platform';

type Json = Record<string, unknown>;
const schemas = (OPENAPI_DOCUMENT as unknown as { components: { schemas: Record<string, Json> } }).components.schemas;

/** Everything else is derived from PLATFORM_DESCRIPTORS: these tests pin that down. */
describe('the platform registry', () => {
  it('lists each descriptor once, and PLATFORMS and isPlatform follow it', () => {
    const ids = PLATFORM_DESCRIPTORS.map((d) => d.id);
    expect(new Set(ids).size).to.equal(ids.length);
    expect(PLATFORMS).to.deep.equal(ids);
    for (const id of ids) expect(isPlatform(id), id).to.equal(true);
    expect(isPlatform('MYSPACE')).to.equal(false);
    expect(isPlatform('bluesky')).to.equal(false);
  });

  it('looks each platform up by id: its descriptor and capabilities', () => {
    for (const descriptor of PLATFORM_DESCRIPTORS) {
      expect(descriptorOf(descriptor.id)).to.equal(descriptor);
      expect(capabilitiesOf(descriptor.id)).to.equal(descriptor.capabilities);
    }
  });

  it('freezes every descriptor, down to its enum values', () => {
    for (const d of PLATFORM_DESCRIPTORS) {
      expect(Object.isFrozen(d) && Object.isFrozen(d.capabilities) && Object.isFrozen(d.settings), d.id).to.equal(true);
      for (const rule of Object.values(d.settings)) {
        expect(Object.isFrozen(rule)).to.equal(true);
        if (rule.type === 'enum') expect(Object.isFrozen(rule.values)).to.equal(true);
      }
    }
  });

  it('gives each platform a text limit, a unit and a follow-up rule', () => {
    for (const { id, capabilities: c } of PLATFORM_DESCRIPTORS) {
      expect(Number.isInteger(c.textLimit) && c.textLimit > 0, id).to.equal(true);
      expect(['code_points', 'graphemes', 'utf8_bytes', 'utf16_units', 'emoji_as_utf8_bytes'], id).to.include(c.textUnit);
      expect(['thread', 'comments', 'refused'], id).to.include(c.followUpSegments);
      expect(c.maxMediaPerSegment === null || (Number.isInteger(c.maxMediaPerSegment) && c.maxMediaPerSegment > 0), id).to.equal(true);
    }
  });

  it('names each OpenAPI settings variant after the platform, as the document always has', () => {
    expect(PLATFORM_DESCRIPTORS.map(settingsSchemaName)).to.deep.equal([
      'BlueskySettings',
      'FacebookSettings',
      'FarcasterSettings',
      'InstagramSettings',
      'LinkedInSettings',
      'PinterestSettings',
      'ThreadsSettings',
      'TikTokSettings',
      'TwitterSettings',
      'YouTubeSettings',
    ]);
  });

  it('generates one OpenAPI variant per descriptor, with its fields, and TargetSettings is their oneOf', () => {
    for (const d of PLATFORM_DESCRIPTORS) {
      const variant = schemas[settingsSchemaName(d)];
      expect(variant, settingsSchemaName(d)).to.not.equal(undefined);
      const values = (variant!.properties as Record<string, Json>).values!;
      expect(Object.keys(values.properties as Json), d.id).to.deep.equal(Object.keys(d.settings));
      const required = Object.entries(d.settings)
        .filter(([, rule]) => rule.required)
        .map(([name]) => name);
      expect(values.required, d.id).to.deep.equal(required);
    }
    expect(schemas.TargetSettings!.oneOf).to.deep.equal(PLATFORM_DESCRIPTORS.map((d) => ({ $ref: `#/components/schemas/${settingsSchemaName(d)}` })));
    expect(schemas.Platform!.enum).to.deep.equal([...PLATFORMS]);
  });
});
