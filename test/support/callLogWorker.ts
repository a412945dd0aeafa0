import 'reflect-metadata';
import { TOKENS as T } from '../../config/tokens';
import { failedToStart, runWorkerProcess } from '../../config/workerProcess';
import { CallLogPublisher } from './callLogPublisher';

/**
 * A test-only entry: the real worker process (config/workerProcess.ts), its configuration
 * from the environment as `npm run worker` reads it, with every platform's publisher
 * replaced by one that logs its calls to the file named by WORKER_TEST_CALL_LOG.
 */
const callLog = process.env.WORKER_TEST_CALL_LOG;
if (!callLog) failedToStart(new Error('WORKER_TEST_CALL_LOG names no file'));
const publisher = new CallLogPublisher(callLog);
runWorkerProcess({
  replace: (w) => w.replace(T.PlatformPublishers, publisher),
}).catch(failedToStart);
