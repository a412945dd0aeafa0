import { IsDefined, ValidateIf } from 'class-validator';

/** Present, but may be null: the rules after it apply only to a non-null value. */
export const RequiredNullable = (): PropertyDecorator => (target, key) => {
  IsDefined({ message: 'is required (null is allowed)' })(target, key);
  ValidateIf((o: Record<string | symbol, unknown>) => o[key] !== null)(target, key);
};

/** May be absent or null: the rules after it apply only to a present, non-null value. */
export const OptionalNullable = (): PropertyDecorator => (target, key) => {
  ValidateIf((o: Record<string | symbol, unknown>) => o[key] !== null && o[key] !== undefined)(target, key);
};

/** May be absent, never null: the rules after it apply to any value sent, null included (and refuse it). */
export const OptionalNotNull = (): PropertyDecorator => (target, key) => {
  ValidateIf((o: Record<string | symbol, unknown>) => o[key] !== undefined)(target, key);
};
