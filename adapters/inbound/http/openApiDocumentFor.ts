import { type Product } from '../../../domain/billing/Product';
import { OPENAPI_DOCUMENT } from './openApiDocument';
import { checkoutDescription } from './openapi/paths/billing';

/** The document this service serves: the static one, its checkout listing the products it is configured to sell. */
export function openApiDocumentFor(products: readonly Product[]): typeof OPENAPI_DOCUMENT {
  const checkout = OPENAPI_DOCUMENT.paths['/v1/transcriptions/checkout'];
  if (checkout?.post === undefined) throw new Error('the OpenAPI document has no checkout operation');
  const post = { ...checkout.post, description: checkoutDescription(products) };
  return { ...OPENAPI_DOCUMENT, paths: { ...OPENAPI_DOCUMENT.paths, '/v1/transcriptions/checkout': { ...checkout, post } } };
}
