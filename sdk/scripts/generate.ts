// Writes src/schema.ts from the Dispatch API's OpenAPI document:
//   npm run generate -w @dispatch/sdk                                   the document of this checkout (OPENAPI_DOCUMENT)
//   npm run generate -w @dispatch/sdk -- --url http://localhost:3000    what a running service serves at /openapi.json
// --stdout prints the types instead of writing them (test/sdk/typesInSync.test.ts compares them with the file).
// Both are the same document for a service with the default configuration (the checkout's
// description lists BILLING_PRODUCTS: generate from a service that keeps the defaults).
import fs from 'node:fs';
import path from 'node:path';
import { renderSchema } from './render';

const SCHEMA = path.join(__dirname, '..', 'src', 'schema.ts');
const DOCUMENT_MODULE = path.join(__dirname, '..', '..', 'adapters', 'inbound', 'http', 'openApiDocument');

async function document(args: readonly string[]): Promise<unknown> {
  const at = args.indexOf('--url');
  if (at === -1) {
    // Loaded by path at run time (tsx, given the service's tsconfig by the generate script for
    // its decorators), so the SDK's own compiler never reads the service's sources.
    require('reflect-metadata');
    const loaded = require(DOCUMENT_MODULE) as { OPENAPI_DOCUMENT: unknown };
    return loaded.OPENAPI_DOCUMENT;
  }
  const base = args[at + 1];
  if (base === undefined) throw new Error('--url needs the base URL of a running service');
  const response = await fetch(new URL('/openapi.json', base));
  if (!response.ok) throw new Error(`GET ${response.url} answered ${response.status}`);
  return response.json();
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const text = await renderSchema(await document(args));
  if (args.includes('--stdout')) {
    process.stdout.write(text);
    return;
  }
  const before = fs.existsSync(SCHEMA) ? fs.readFileSync(SCHEMA, 'utf8') : '';
  fs.writeFileSync(SCHEMA, text);
  process.stdout.write(`${path.relative(process.cwd(), SCHEMA)}: ${before === text ? 'unchanged' : 'written'} (${text.length} characters)\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
