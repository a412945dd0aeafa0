import { type DataSource } from 'typeorm';

/**
 * Counts the SQL statements the service sends while `work` runs, by wrapping the
 * DataSource logger's logQuery (TypeORM calls it for every statement, logging on or off).
 * Only for single, sequential requests: anything else running at the time is counted too.
 */
export function sqlCounter(dataSource: DataSource): <T>(work: () => Promise<T>) => Promise<{ result: T; statements: string[] }> {
  const logger = dataSource.logger;
  const original = logger.logQuery.bind(logger);
  let recording: string[] | null = null;
  logger.logQuery = (query, parameters, queryRunner) => {
    recording?.push(query);
    return original(query, parameters, queryRunner);
  };
  return async (work) => {
    recording = [];
    try {
      const result = await work();
      return { result, statements: recording };
    } finally {
      recording = null;
    }
  };
}
