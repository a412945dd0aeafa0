import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { type Logger } from '../../../../application/ports/Logger';
import { type ReadPosts } from '../../../../application/posts/ReadPosts';
import { postCsvRow } from './postCsvRow';
import { POST_CSV_COLUMNS } from './postsCsvFormat';
import { type ExportRange, postsInRange } from './postsInRange';

/**
 * posts.export's file as a stream: a header row, then one row per post of the range, a page of
 * posts read at a time and never the whole range at once. The first page is read before the
 * stream is handed over, so a failure there is still an error answer rather than a cut-off
 * file; a failure later can only end the stream early, and is logged.
 */
export async function postsCsvFile(read: ReadPosts, workspaceId: string, range: ExportRange, logger: Logger, requestId: string): Promise<Readable> {
  const pages = postsInRange(read, workspaceId, range);
  const first = await pages.next();
  const rows = async function* () {
    if (first.done) return;
    yield* first.value.map(postCsvRow);
    for await (const page of pages) yield* page.map(postCsvRow);
  };
  // CRLF as RFC 4180 has it; the byte-order mark tells spreadsheets the file is UTF-8 (posts.import drops it).
  const file = stringify({ header: true, columns: [...POST_CSV_COLUMNS], bom: true, record_delimiter: 'windows' });
  pipeline(Readable.from(rows()), file, (error) => {
    if (error) logger.warn('posts export ended early', { requestId, error: `${error.name}: ${error.message}` });
  });
  return file;
}
