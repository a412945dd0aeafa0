import { expect } from 'chai';
import { openApiDocumentFor } from '../../../adapters/inbound/http/openApiDocumentFor';
import { OPENAPI_DOCUMENT } from '../../../adapters/inbound/http/openApiDocument';
import { type Product } from '../../../domain/billing/Product';

type Json = Record<string, unknown>;
const DOCUMENT = JSON.parse(JSON.stringify(OPENAPI_DOCUMENT)) as Json;
const operationAt = (document: Json, method: string, path: string): Json => ((document.paths as Json)[path] as Json)[method] as Json;

/**
 * docs/spec.md's endpoint tables for the account surface (issue 12): each operation where the
 * table puts it, with every status of its "Other statuses" column declared, and the scope
 * docs/product.md gives it (null: any valid credential, or membership checked by the route).
 */
const ROWS: ReadonlyArray<readonly [string, string, string, readonly number[], string | null]> = [
  ['me.overview', 'get', '/v1/me/overview/{workspaceId}', [401, 402, 403, 404, 429], 'posts:read'],
  ['me.setup', 'get', '/v1/me/setup/{workspaceId}', [401, 402, 403, 404, 429], null],
  ['me.updateSetup', 'patch', '/v1/me/setup/{workspaceId}', [401, 402, 403, 404, 429], 'members:write'],
  ['me.emailPreferences', 'get', '/v1/me/email-preferences', [401, 402, 429], null],
  ['me.updateEmailPreferences', 'put', '/v1/me/email-preferences', [401, 402, 429], null],
  ['transcriptions.list', 'get', '/v1/transcriptions', [401, 402, 404, 422, 429], 'stats:read'],
  ['transcriptions.usage', 'get', '/v1/transcriptions/usage', [401, 402, 404, 429], 'stats:read'],
  ['transcriptions.checkout', 'post', '/v1/transcriptions/checkout', [401, 402, 422, 429], 'billing:write'],
];

describe('OpenAPI document: the account surface of docs/spec.md', () => {
  for (const [operationId, method, path, statuses, scope] of ROWS) {
    it(`${operationId}: ${method.toUpperCase()} ${path}, declaring ${statuses.join(', ')} and its scope`, () => {
      const operation = operationAt(DOCUMENT, method, path);
      expect(operation, `${method} ${path}`).to.be.an('object');
      expect(operation.operationId).to.equal(operationId);
      expect(Object.keys(operation.responses as Json)).to.include.members(['200', ...statuses.map(String)]);
      expect(operation.security).to.deep.equal([{ bearer: scope === null ? [] : [scope] }]);
    });
  }

  it('takes an Idempotency-Key on every POST and PATCH of the surface, transcriptions.create included', () => {
    for (const [method, path] of [
      ['post', '/v1/transcriptions'],
      ['post', '/v1/transcriptions/checkout'],
      ['patch', '/v1/me/setup/{workspaceId}'],
    ] as const) {
      const names = ((operationAt(DOCUMENT, method, path).parameters ?? []) as Json[]).map((p) => p.name);
      expect(names, `${method} ${path}`).to.include('Idempotency-Key');
    }
  });

  it("lists the products on sale in the checkout's description: the defaults, or the configured ones in the served document", () => {
    const byDefault = String(operationAt(DOCUMENT, 'post', '/v1/transcriptions/checkout').description);
    expect(byDefault).to.include('`transcriptions-pro`').and.include('`workspace-pro`');
    const configured: Product[] = [
      { id: 'reels-basic', name: 'Reels Basic', kind: 'transcriptions', priceId: 'price_1', softLimit: 20, hardLimit: 30 },
      { id: 'team', name: 'Team', kind: 'workspace', priceId: 'price_2', plan: 'team' },
    ];
    const served = JSON.parse(JSON.stringify(openApiDocumentFor(configured))) as Json;
    const description = String(operationAt(served, 'post', '/v1/transcriptions/checkout').description);
    expect(description).to.include('`reels-basic` (Reels Basic: a personal transcription plan, 20 a period soft limit, 30 hard)');
    expect(description).to.include("`team` (Team: the workspace's `team` plan)");
    expect(description).to.not.include('transcriptions-pro');
    expect({ ...served, paths: {} }).to.deep.equal({ ...DOCUMENT, paths: {} });
  });
});
