import 'reflect-metadata';
import { TOKENS as T } from '../../config/tokens';
import { failedToStart, runWorkerProcess } from '../../config/workerProcess';
import { TimedCallPublisher } from './timedCallPublisher';

/**
 * The engine bench's worker process: the real one, `runWorkerProcess`, configured from the
 * environment as `npm run worker` is, every platform's publisher replaced by one that
 * answers at once and logs the time of each call to the file named by BENCH_CALL_LOG.
 */
const callLog = process.env.BENCH_CALL_LOG;
if (!callLog) failedToStart(new Error('BENCH_CALL_LOG names no file'));
const publisher = new TimedCallPublisher(callLog);
runWorkerProcess({
  replace: (w) => w.replace(T.PlatformPublishers, publisher),
}).catch(failedToStart);
