import { Foundation1732330000000 } from './1732330000000-Foundation';

/** Every migration, oldest first; the DataSource applies the pending ones at start. */
export const ALL_MIGRATIONS = [Foundation1732330000000];
