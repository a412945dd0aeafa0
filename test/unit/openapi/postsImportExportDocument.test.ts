import { expect } from 'chai';
import { OPENAPI_DOCUMENT } from '../../../adapters/inbound/http/openApiDocument';

type Json = Record<string, any>;
const PATHS = (OPENAPI_DOCUMENT as unknown as Json).paths as Json;
const POSTS = '/v1/workspaces/{workspaceId}/posts';

describe('OpenAPI document: dry runs, CSV in and out', () => {
  it('describes posts.validate, posts.import and posts.export with the scopes create and list need', () => {
    const described = [
      ['post', `${POSTS}/validate`],
      ['post', `${POSTS}/import`],
      ['get', `${POSTS}/export`],
    ].map(([method, path]) => {
      const op = PATHS[path!][method!];
      return `${method!.toUpperCase()} ${path} ${op.operationId} ${JSON.stringify(op.security)}`;
    });
    expect(described).to.deep.equal([
      `POST ${POSTS}/validate posts.validate [{"bearer":["posts:write"]}]`,
      `POST ${POSTS}/import posts.import [{"bearer":["posts:write"]}]`,
      `GET ${POSTS}/export posts.export [{"bearer":["posts:read"]}]`,
    ]);
  });

  it('posts.validate takes the create body and answers the dry run; its Idempotency-Key is said to be ignored, never replayed', () => {
    const op = PATHS[`${POSTS}/validate`].post;
    expect(op.requestBody.content['application/json'].schema).to.deep.equal({ $ref: '#/components/schemas/PostRequest' });
    expect(op.responses['200'].content['application/json'].schema).to.deep.equal({ $ref: '#/components/schemas/PostDryRun' });
    expect(op.parameters.find((p: Json) => p.name === 'Idempotency-Key').description).to.match(/not kept/);
    expect(op.responses['200'].headers).not.to.have.property('Idempotent-Replayed');
  });

  it('posts.import takes text/csv only, a dryRun flag and an Idempotency-Key, and may answer 413 and 415', () => {
    const op = PATHS[`${POSTS}/import`].post;
    expect(Object.keys(op.requestBody.content)).to.deep.equal(['text/csv']);
    expect(op.parameters.map((p: Json) => p.name ?? p.$ref)).to.include.members(['dryRun', 'Idempotency-Key']);
    expect(op.responses).to.include.keys('413', '415', '422');
    expect(op.responses['200'].content['application/json'].schema).to.deep.equal({ $ref: '#/components/schemas/PostsImportResult' });
  });

  it('posts.export answers a CSV file as an attachment, from and to required', () => {
    const op = PATHS[`${POSTS}/export`].get;
    expect(Object.keys(op.responses['200'].content)).to.deep.equal(['text/csv']);
    expect(op.responses['200'].headers['Content-Disposition'].required).to.equal(true);
    expect(op.parameters.filter((p: Json) => p.in === 'query').map((p: Json) => [p.name, p.required])).to.deep.equal([
      ['from', true],
      ['to', true],
    ]);
  });
});
