import { expect } from 'chai';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DescribedApi } from '../../support/fakes/kit/describedApi';
import { fieldsOf, seen } from './describedApiRequests';

/** A one-operation description (`POST /things`, operation `makeThing`) whose body is `schema`, in OpenAPI `version`. */
function describedThing(version: string, schema: object, components: object = {}): DescribedApi {
  const document = {
    openapi: version,
    info: { title: 'Things', version: '1' },
    paths: {
      '/things': {
        post: {
          operationId: 'makeThing',
          requestBody: { required: true, content: { 'application/json': { schema } } },
          responses: { 201: { description: 'made' } },
        },
      },
    },
    components,
  };
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'described-')), 'things.json');
  fs.writeFileSync(file, JSON.stringify(document));
  return DescribedApi.load(file);
}

const made = (api: DescribedApi, body: unknown) => [
  ...new Set(fieldsOf(api.check(seen('POST', '/things', { 'content-type': 'application/json' }, body), null).violations)),
];

describe('DescribedApi: what OpenAPI 3.0 means by its schema keywords, as ajv is told it', () => {
  const colour = {
    type: 'object',
    properties: { colour: { type: 'string', enum: ['red'], nullable: true }, shade: { $ref: '#/components/schemas/Shade', nullable: true } },
  };
  const shade = { schemas: { Shade: { type: 'string' } } };

  it('3.0.3 and later: nullable adds null beside a type (an enum still applies); beside no type, or a $ref, it does nothing', () => {
    const api = describedThing('3.0.3', colour, shade);
    expect(made(api, { colour: 'red', shade: 'dark' })).to.deep.equal([]);
    expect(made(api, { colour: null })).to.deep.equal(['body.colour']);
    expect(made(api, { shade: null })).to.deep.equal(['body.shade']);
  });

  it('3.0.0 to 3.0.2: nullable allows null, whatever else the schema says', () => {
    const api = describedThing('3.0.0', {
      type: 'object',
      properties: { colour: { type: 'string', enum: ['red'], nullable: true }, tint: { allOf: [{ type: 'string' }], nullable: true } },
    });
    expect(made(api, { colour: null, tint: null })).to.deep.equal([]);
    expect(made(api, { colour: 'blue' })).to.deep.equal(['body.colour']);
  });

  it('a format no validator knows is accepted as it is, and named', () => {
    const api = describedThing('3.0.3', {
      type: 'object',
      properties: { id: { type: 'string', format: 'snowflake' }, at: { type: 'string', format: 'date-time' } },
    });
    expect([...api.uncheckedFormats]).to.deep.equal(['snowflake']);
    expect(made(api, { id: 'anything', at: '2026-11-23T12:00:00Z' })).to.deep.equal([]);
    expect(made(api, { at: 'noon' })).to.deep.equal(['body.at']);
  });

  it('a boolean exclusiveMinimum (draft 4) bounds as it says', () => {
    const api = describedThing('3.0.3', { type: 'object', properties: { n: { type: 'integer', minimum: 0, exclusiveMinimum: true } } });
    expect(made(api, { n: 1 })).to.deep.equal([]);
    expect(made(api, { n: 0 })).to.deep.equal(['body.n']);
  });

  it('additionalProperties: false beside alternatives but no properties: no property outside the alternatives’ (not none at all)', () => {
    const embed = { additionalProperties: false, anyOf: [{ type: 'object', properties: { url: { type: 'string' } }, required: ['url'] }] };
    const api = describedThing('3.0.4', { type: 'object', properties: { embeds: { type: 'array', items: embed } } });
    expect(made(api, { embeds: [{ url: 'https://a.example' }] })).to.deep.equal([]);
    expect(made(api, { embeds: [{ url: 'https://a.example', alt: 'x' }] })).to.deep.equal(['body.embeds[0].alt']);
  });
});
