import { performance } from 'node:perf_hooks';
import { type DataSource } from 'typeorm';
import { TypeOrmPostRepository } from '../adapters/outbound/persistence/typeorm/repositories/TypeOrmPostRepository';
import { type PostListQuery } from '../domain/post/PostRepository';
import { MONTH } from './calendar';

/**
 * The calendar's page against the status lists' through the repository (no HTTP, what the
 * service itself does for each), one call of each in turn, `rounds` times: a machine whose
 * load changes (it is shared) slows every side of a round alike. Speed ratios of the medians,
 * above 1 when the calendar is the faster.
 */
export async function calendarPairs(dataSource: DataSource, workspaceId: string, rounds = 300): Promise<string> {
  const posts = new TypeOrmPostRepository(dataSource);
  const page = { workspaceId, limit: 20, offset: 0 };
  const queries: Record<string, PostListQuery> = {
    calendar: { ...page, targets: { from: new Date(MONTH.from), to: new Date(MONTH.to) }, sort: 'scheduledAt' },
    scheduled: { ...page, status: 'scheduled' },
    published: { ...page, status: 'published' },
  };
  const times: Record<string, number[]> = { calendar: [], scheduled: [], published: [] };
  for (let round = -10; round < rounds; round++) {
    for (const [name, query] of Object.entries(queries)) {
      const started = performance.now();
      await posts.list(query);
      if (round >= 0) times[name]!.push(performance.now() - started);
    }
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const [calendar, scheduled, published] = [median(times.calendar!), median(times.scheduled!), median(times.published!)];
  return (
    `posts.list through the repository, in turn (${rounds} rounds, medians): calendar ${calendar.toFixed(3)} ms, status=scheduled ${scheduled.toFixed(3)} ms, ` +
    `status=published ${published.toFixed(3)} ms; speed vs scheduled **${(scheduled / calendar).toFixed(3)}**, vs published **${(published / calendar).toFixed(3)}**`
  );
}
