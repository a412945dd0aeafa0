import { plainToInstance, type ClassConstructor } from 'class-transformer';
import { validateSync, type ValidationError as ClassValidationError } from 'class-validator';
import { validationError, type ErrorDetail } from '../../../domain/shared/DomainError';
import { jsonShapeProblems } from './jsonShape';
import { rememberValidationRules } from './validationRulesOnce';

rememberValidationRules();

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
    const own: ErrorDetail[] = [];
    // A missing property fails every rule on it; "is required" says it once, plainly.
    if (constraints.length > 0 && error.value === undefined && !error.constraints?.whitelistValidation) own.push({ path, message: 'is required' });
    else if (constraints.length > 0) {
      const [rule, message] = firstRule(constraints);
      own.push({ path, message: rule === 'whitelistValidation' ? 'is not an allowed property' : message.replace(new RegExp(`^${error.property} `), '') });
    }
    return [...own, ...flatten(error.children ?? [], path)];
  });
}

/**
 * The rules that say what a field is (present, its type, one of a set), in the order they are
 * reported. A field breaking several rules gets one message: its type's when that is wrong
 * (`"text": 42` "must be a string", not also "must be shorter than …", which a number cannot
 * be), else the first rule it breaks.
 */
const KIND_RULES = ['whitelistValidation', 'isDefined', 'isString', 'isBoolean', 'isInt', 'isNumber', 'isArray', 'isObject', 'isInstant', 'isIn', 'isEnum'];

function firstRule(constraints: readonly (readonly [string, string])[]): readonly [string, string] {
  for (const rule of KIND_RULES) {
    const broken = constraints.find(([name]) => name === rule);
    if (broken !== undefined) return broken;
  }
  return constraints[0]!;
}
