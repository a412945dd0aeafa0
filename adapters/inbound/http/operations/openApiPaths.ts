import { mergePaths } from '../openapi/assemble';
import { authenticatedOperation } from '../openapi/operations';
import { type PathMap } from '../openapi/types';
import { type OperationDeclaration } from './ApiOperation';

/**
 * The OpenAPI paths of `declarations` (authenticatedOperation reads only the fields it
 * describes), in the order declared; a method and path declared twice throws at start.
 */
export function openApiPaths(declarations: readonly OperationDeclaration[]): PathMap {
  return mergePaths(declarations.map((declaration) => ({ [declaration.path]: { [declaration.method]: authenticatedOperation(declaration) } })));
}
