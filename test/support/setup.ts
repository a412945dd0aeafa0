import 'reflect-metadata';
import { ensureWorkerDatabase } from './workerDatabase';
process.env.LOG_LEVEL ??= 'silent';

/** Root hooks (mocha runs them before each file in parallel mode): the worker's own MariaDB database exists. */
export const mochaHooks = {
  async beforeAll(): Promise<void> {
    await ensureWorkerDatabase();
  },
};
