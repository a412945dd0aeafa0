import { type EntitySchemaColumnOptions } from 'typeorm';

/** Column shapes shared by every schema; they mirror the migrations' column builders. */
export const varchar = (name: string, length: number, extra: Partial<EntitySchemaColumnOptions> = {}): EntitySchemaColumnOptions => ({
  name,
  type: 'varchar',
  length,
  ...extra,
});

export const text = (name: string, extra: Partial<EntitySchemaColumnOptions> = {}): EntitySchemaColumnOptions => ({ name, type: 'text', ...extra });

/** Millisecond precision, stored in UTC on both databases (see the Foundation migration). */
export const timestamp = (name: string, extra: Partial<EntitySchemaColumnOptions> = {}): EntitySchemaColumnOptions => ({
  name,
  type: 'datetime',
  precision: 3,
  ...extra,
});

export const ID_LENGTH = 26;
