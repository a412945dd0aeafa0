import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import { expect } from 'chai';
import { OPENAPI_DOCUMENT } from '../../../../adapters/inbound/http/openApiDocument';
import { settingsSchemaName } from '../../../../adapters/inbound/http/openapi/schemas/postSettings';
import { PLATFORM_DESCRIPTORS } from '../../../../domain/platform/Platform';
import { readTargetSettings, upcastStoredSettings } from '../../../../domain/post/TargetSettings';

/**
 * The domain's checks (readTargetSettings) and the OpenAPI variants are both generated from
 * the descriptors; here they must agree on every value, field by field, for every platform:
 * a table of candidate values, each put in place of one field of an otherwise valid variant.
 */

const ID = 'urn:test:settings-agreement';
const schemas = (OPENAPI_DOCUMENT as unknown as { components: { schemas: object } }).components.schemas;
const ajv = new Ajv2020({ strict: true, allowUnionTypes: true });
ajv.addVocabulary(['example', 'xml', 'externalDocs']);
ajv.addSchema({
  $id: ID,
  $defs: JSON.parse(JSON.stringify(schemas).replaceAll('"#/components/schemas/', `"${ID}#/$defs/`)) as object,
});
const schemaNamed = (name: string): ValidateFunction => ajv.compile({ $ref: `${ID}#/$defs/${name}` });
const targetSettings = schemaNamed('TargetSettings');

const ABSENT = Symbol('absent');
const enumValues = PLATFORM_DESCRIPTORS.flatMap((d) => Object.values(d.settings).flatMap((r) => (r.type === 'enum' ? r.values : [])));
const CANDIDATES: readonly unknown[] = [
  ABSENT,
  null,
  true,
  false,
  0,
  1,
  '',
  'x',
  [],
  {},
  ['PUBLIC'],
  ...new Set(enumValues),
  ...new Set(enumValues.map((v) => v.toLowerCase())),
];

const withField = (values: object, field: string, candidate: unknown): Record<string, unknown> => {
  const copy: Record<string, unknown> = { ...values };
  if (candidate === ABSENT) delete copy[field];
  else copy[field] = candidate;
  return copy;
};

for (const descriptor of PLATFORM_DESCRIPTORS) {
  describe(`${descriptor.id} settings: the domain and the OpenAPI document agree`, () => {
    const variant = schemaNamed(settingsSchemaName(descriptor));
    const upcast = upcastStoredSettings({ platform: descriptor.id, values: {} });
    if (!upcast.ok) throw new Error(`${descriptor.id}: the upcast of {} fails: ${upcast.problem}`);
    const base = upcast.settings.values;

    /** The domain's verdict, after checking TargetSettings (and this platform's variant, for its own platform) agree. */
    const agree = (raw: unknown) => {
      const domain = readTargetSettings(raw).ok;
      expect(targetSettings(raw), `TargetSettings on ${JSON.stringify(raw)}`).to.equal(domain);
      const own = (raw as { platform?: unknown }).platform === descriptor.id;
      if (own) expect(variant(raw), `${settingsSchemaName(descriptor)} on ${JSON.stringify(raw)}`).to.equal(domain);
      return domain;
    };

    it('accepts the variant made of the upcast defaults alone (required fields only)', () => {
      expect(Object.keys(base)).to.deep.equal(
        Object.entries(descriptor.settings)
          .filter(([, rule]) => rule.required)
          .map(([name]) => name),
      );
      expect(agree({ platform: descriptor.id, values: base })).to.equal(true);
    });

    for (const [field, rule] of Object.entries(descriptor.settings)) {
      it(`decides ${field} (${rule.type}, ${rule.required ? 'required' : 'optional'}) alike for every candidate`, () => {
        const outcomes = CANDIDATES.map((candidate) => agree({ platform: descriptor.id, values: withField(base, field, candidate) }));
        // Not vacuous: each field has values both sides accept and values both refuse.
        expect(outcomes).to.include(true);
        expect(outcomes).to.include(false);
      });
    }

    it('refuses alike an unknown key, another platform, extra keys and missing parts', () => {
      const other = PLATFORM_DESCRIPTORS.find((d) => d.id !== descriptor.id)!.id;
      const refused = [
        { platform: descriptor.id, values: { ...base, unknownField: true } },
        { platform: descriptor.id, values: base, extra: 1 },
        { platform: descriptor.id },
        { values: base },
        { platform: descriptor.id, values: null },
        { platform: descriptor.id.toLowerCase(), values: base },
      ];
      for (const raw of refused) expect(agree(raw), JSON.stringify(raw)).to.equal(false);
      // These values under another platform: both sides decide by that platform's schema.
      agree({ platform: other, values: base });
      expect(variant({ platform: other, values: base })).to.equal(false);
    });
  });
}
