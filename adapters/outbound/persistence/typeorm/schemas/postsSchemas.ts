import { type EntitySchema } from 'typeorm';

/** The posts capability's entity schemas (listed in ./index.ts). */
export const POSTS_SCHEMAS: EntitySchema<any>[] = [];
