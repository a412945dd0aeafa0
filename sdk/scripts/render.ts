import openapiTS, { astToString, COMMENT_HEADER, type OpenAPI3 } from 'openapi-typescript';

/** How the committed src/schema.ts says where it comes from, below openapi-typescript's own header. */
const PROVENANCE =
  '// The Dispatch API as GET /openapi.json serves it (adapters/inbound/http/openApiDocument.ts).\n' +
  '// Regenerate with `npm run generate -w @dispatch/sdk`; test/sdk/typesInSync.test.ts fails while this file differs.\n\n';

/**
 * The TypeScript types of an OpenAPI document, exactly as src/schema.ts holds them. The document
 * goes through JSON first, as the service serves it, and openapi-typescript gets its own copy.
 */
export async function renderSchema(document: unknown): Promise<string> {
  const served = JSON.parse(JSON.stringify(document)) as OpenAPI3;
  const nodes = await openapiTS(served, { silent: true });
  return COMMENT_HEADER + PROVENANCE + astToString(nodes);
}
