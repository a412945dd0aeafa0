import { TARGETS_PER_POST_MAX, TEXT_MAX } from '../contract/requestLimits';

/**
 * The posts CSV (docs/posts-import-export.md, "CSV columns"): one row per post, a header row
 * naming the columns, UTF-8. posts.import reads it, posts.export writes it; the OpenAPI
 * document states the same limits.
 */
export const POST_CSV_COLUMNS = ['text', 'targets', 'scheduledAt', 'intent', 'media', 'settings'] as const;
export type PostCsvColumn = (typeof POST_CSV_COLUMNS)[number];

/** A file must have these; the others may be left out (each then empty on every row). */
export const REQUIRED_POST_CSV_COLUMNS: readonly PostCsvColumn[] = ['text', 'targets'];

/** Posts one file may hold: rows after the header. */
export const POST_CSV_ROWS_MAX = 500;
/** The whole file: 500 rows of long posts fit, and the file is held whole while it is read. */
export const POST_CSV_BYTES_MAX = 8 * 1024 * 1024;

/** The most characters (UTF-16 code units, as JSON strings count them) a cell of each column holds. */
export const POST_CSV_CELL_MAX: Readonly<Record<PostCsvColumn, number>> = {
  text: TEXT_MAX,
  targets: 10_000,
  scheduledAt: TARGETS_PER_POST_MAX * 40,
  intent: 20,
  media: 20_000,
  settings: 50_000,
};

/** In `text`: a line holding exactly this separates one segment (a reply or comment) from the next. */
export const SEGMENT_SEPARATOR = '---';
/** In `targets`, `scheduledAt` and within a segment's `media`: between the items of a list. */
export const LIST_SEPARATOR = ';';
/** In `media`: between the media of one segment and the next. */
export const MEDIA_SEGMENT_SEPARATOR = '|';
/** In `scheduledAt`: the target takes the next free slot of its connection's posting schedule. */
export const QUEUE = 'queue';
/** The group every imported post's targets share (the CSV holds one content per post). */
export const IMPORTED_GROUP_ID = 'main';
