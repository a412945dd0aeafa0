import { plainToInstance, type ClassConstructor } from 'class-transformer';
import { validateSync, type ValidationError as ClassValidationError } from 'class-validator';
import { validationError, type ErrorDetail } from '../../../domain/shared/DomainError';
import { jsonShapeProblems } from './jsonShape';

/**
 * Checks a JSON body against a DTO class: unknown properties refused, every problem named by path.
 * The raw JSON is scanned first (depth, Object.prototype key names, lone surrogates: see
 * jsonShape.ts), so class-transformer and class-validator only ever walk a body they can handle.
 */
export function validateBody<T extends object>(dto: ClassConstructor<T>, body: unknown): T {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw validationError('invalid_body', [{ path: '', message: 'the body must be a JSON object' }]);
  }
  const shapeProblems = jsonShapeProblems(body);
  if (shapeProblems.length > 0) throw validationError('invalid_body', shapeProblems);
  const instance = plainToInstance(dto, body);
  const errors = validateSync(instance, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true });
  if (errors.length > 0) throw validationError('invalid_body', flatten(errors, ''));
  return instance;
}

function flatten(errors: readonly ClassValidationError[], parent: string): ErrorDetail[] {
  return errors.flatMap((error) => {
    const path = /^\d+$/.test(error.property) ? `${parent}[${error.property}]` : parent ? `${parent}.${error.property}` : error.property;
    const constraints = Object.entries(error.constraints ?? {});
    // A missing property fails every rule on it; "is required" says it once, plainly.
    const own =
      error.value === undefined && constraints.length > 0 && !error.constraints?.whitelistValidation
        ? [{ path, message: 'is required' }]
        : constraints.map(([rule, message]) => ({
            path,
            message: rule === 'whitelistValidation' ? 'is not an allowed property' : message.replace(new RegExp(`^${error.property} `), ''),
          }));
    return [...own, ...flatten(error.children ?? [], path)];
  });
}
